"""The forms: Flask-WTF forms and their fields; they never touch the database."""
