"""The tournament itself: pure formats, seating, rotation, standings and brackets."""
