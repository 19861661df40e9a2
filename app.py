"""WSGI entry point: `flask --app app ...` and `gunicorn app:app`."""

import gc

from judgeaid import create_app

app = create_app()
# What is loaded by now (Flask, SQLAlchemy, WeasyPrint, fonts...) lives as long as the
# process: keep it out of the collector's full passes, which would otherwise stop a
# request for ~75 ms now and then to walk ~170k objects that are never garbage.
gc.freeze()
