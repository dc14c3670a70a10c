"""Moving games in and out: the export, the import and its staged, all-or-nothing steps."""
