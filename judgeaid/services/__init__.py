"""Use cases: load rows, call the pure core, write rows. Functions flush; requests commit."""
