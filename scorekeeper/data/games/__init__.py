"""Games and what every save keeps in step: rounds, results, players, tallies,
evenings, removals and saved rule sets."""
