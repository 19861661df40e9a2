"""The judge console (issue 6): call-ups, penalties, ruling log, guide, appeals."""
