"""Ratings kept in step with the games, and the leaderboards read from them."""
