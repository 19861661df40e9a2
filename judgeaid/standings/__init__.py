"""Standings, results posting, the final day and exports (issue 8)."""
