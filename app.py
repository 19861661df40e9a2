"""WSGI entry point: `flask --app app ...` and `gunicorn app:app`."""

import gc
import sys

from judgeaid import create_app

app = create_app()
# What is loaded by now (Flask, SQLAlchemy, WeasyPrint, fonts...) lives as long as the
# process: keep it out of the collector's full passes, which would otherwise stop a
# request for ~75 ms now and then to walk ~170k objects that are never garbage.
gc.freeze()
# A thread waiting for the interpreter lock gets it within 1 ms rather than Python's 5 ms: a
# poll of the hall answered by the same process as a round's write (tens of milliseconds of
# Python) waits for the lock at each of its few queries, and at 5 ms a wait those added up
# to most of the hall's p99 while a hundred judges saved at once (issue 31, make bench).
sys.setswitchinterval(0.001)
