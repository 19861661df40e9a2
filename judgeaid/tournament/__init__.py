"""The tournament itself: pure seating, rotation, standings and brackets."""
