"""The tournament machinery every ruleset shares: seats, tables, card arithmetic, ranking by
points, seating plans and registration. It cites no rulebook; a ruleset's own numbers live in
its package under judgeaid/rules/."""
