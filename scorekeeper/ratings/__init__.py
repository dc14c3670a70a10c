"""Players' ratings, pure: the OpenSkill model over finished games (no database)."""
