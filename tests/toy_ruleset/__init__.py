"""A small fictional ruleset, Toyland, that lives in the tests only (issue 25, point 5).

It proves a third ruleset needs its package and one registration line: the tests call
`register(TOY)` (tests/web/conftest.py) and unregister it after, so outside the tests the
registry holds exactly zj and mcr.
"""

from tests.toy_ruleset.ruleset import TOY

__all__ = ["TOY"]
