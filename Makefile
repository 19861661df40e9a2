# judgeaid: `make run` serves the demo, `make test` runs everything, `make bench` measures.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app app
PORT ?= 5000
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint bench chromium fonts clean

$(VENV)/.run-stamp: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev-stamp: requirements-dev.txt $(VENV)/.run-stamp
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

run: $(VENV)/.run-stamp
	$(FLASK) db upgrade
	$(FLASK) demo --if-empty > /dev/null
	$(FLASK) where
	$(VENV)/bin/gunicorn --workers 2 --threads 4 --bind 127.0.0.1:$(PORT) \
		--access-logfile - app:app

chromium:
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

# Players' names in Chinese, Japanese and Korean: the printing tests draw them.
fonts:
	@fc-list :lang=zh | grep -q . || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq fonts-noto-cjk; }

lint: $(VENV)/.dev-stamp
	$(VENV)/bin/ruff check .

test: $(VENV)/.dev-stamp chromium fonts lint
	env -u TEST_DATABASE_URL $(PY) -m pytest
	@if [ -n "$$TEST_DATABASE_URL" ]; then \
		echo "== again on $$TEST_DATABASE_URL"; \
		$(PY) -m pytest; \
	fi

bench: $(VENV)/.dev-stamp chromium
	$(PY) -m bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
