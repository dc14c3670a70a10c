"""The table's phones: joining, seats, parts sent from a phone, and the table's
agreement on a round."""
