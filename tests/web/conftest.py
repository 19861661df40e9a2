"""Fixtures of the page tests: one demo event per registered ruleset, shared by a module."""

from __future__ import annotations

import pytest

from judgeaid.extensions import db
from judgeaid.rules import RULESETS, register
from tests.toy_ruleset import TOY

# The registered rulesets and the test-only one (tests/toy_ruleset), which `toy_registered`
# registers for a test and takes out again after it.
CODES = sorted({*RULESETS, TOY.code})


@pytest.fixture(scope="module")
def toy_registered():
    """The test-only ruleset, registered with its one line, and unregistered after."""
    register(TOY)
    yield TOY
    del RULESETS[TOY.code]


@pytest.fixture(scope="module")
def ruleset_events(templates, tmp_path_factory, toy_registered):
    """One demo event per registered ruleset (the toy included), in one database the
    module's crawls share."""
    from judgeaid.demo import create_demo
    from tests import databases

    app = databases.make_app(templates.copy_for(tmp_path_factory.mktemp("crawl"), False))
    made = {}
    with app.test_request_context():
        for code in RULESETS:
            made[code] = create_demo(8, 5, ruleset=code)
        db.session.commit()
    yield app, made
    with databases.committed_database(app):
        pass
