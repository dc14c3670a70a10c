"""The table's phones: joining, seats, parts sent from a phone, confirmations and
queries of saved rounds, and the table's agreement on a round."""
