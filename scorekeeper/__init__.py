"""Scorekeeper: score keeping for Canasta-family card games."""
