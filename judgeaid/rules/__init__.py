"""The game itself: pure Zung Jung rules with no web, database or PDF imports."""
