"""WSGI entry point: `flask --app app ...` and `gunicorn app:app`."""

from judgeaid import create_app

app = create_app()
