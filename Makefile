# judgeaid: `make run` serves the demo, `make test` runs everything, `make bench` measures.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app app
PORT ?= 5000
# 127.0.0.1: this machine only; HOST=0.0.0.0 make run: phones on the LAN too (:: for IPv6).
HOST ?= 127.0.0.1
BIND := $(if $(findstring :,$(HOST)),[$(HOST)],$(HOST)):$(PORT)
# gunicorn's processes and threads per process (2 x 4 suits a 2-core laptop); more than one
# instance behind one address: see the README's "More than one app server".
WORKERS ?= 2
THREADS ?= 4
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test lint bench chromium fonts fonts-or-advice translations clean

$(VENV)/.run-stamp: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev-stamp: requirements-dev.txt $(VENV)/.run-stamp
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

run: $(VENV)/.run-stamp fonts-or-advice translations
	$(FLASK) db upgrade
	$(FLASK) demo --if-empty > /dev/null
	HOST='$(HOST)' PORT='$(PORT)' $(FLASK) where
	$(VENV)/bin/gunicorn --workers '$(WORKERS)' --threads '$(THREADS)' --bind '$(BIND)' \
		--access-logfile - app:app

# The Chinese catalogues (judgeaid/translations/*/LC_MESSAGES/*.po) compiled to .mo files;
# `$(PY) scripts/i18n.py extract` brings the .po files up to the code after a change.
translations: $(VENV)/.run-stamp
	$(PY) scripts/i18n.py compile

chromium:
	@test -x $(CHROMIUM) || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }

# Players' names in Chinese, Japanese, Korean and Thai: the printing tests draw them
# (DejaVu, which every Debian system has, draws Latin, Greek, Cyrillic, Arabic and Hebrew).
FONT_PACKAGES := fonts-noto-cjk fonts-tlwg-waree-ttf
HAS_FONTS := fc-list :lang=zh | grep -q . && fc-list :lang=ja | grep -q . && \
	fc-list :lang=ko | grep -q . && fc-list :lang=th | grep -q .
fonts:
	@$(HAS_FONTS) || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(FONT_PACKAGES); }

# `make run` installs the same fonts when it can (root, or sudo without a password, and apt);
# otherwise it says how and serves anyway: those names print as empty boxes till then.
fonts-or-advice:
	@$(HAS_FONTS) 2>/dev/null || { command -v apt-get >/dev/null && \
		{ [ -z "$(SUDO)" ] || sudo -n true 2>/dev/null; } && \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(FONT_PACKAGES); } || \
		echo "No font here has Chinese, Japanese, Korean or Thai characters: such names" \
		"would print as empty boxes. Install them with: sudo apt-get install $(FONT_PACKAGES)" >&2

lint: $(VENV)/.dev-stamp
	$(VENV)/bin/ruff check .

# The suite runs in TEST_WORKERS processes (pytest-xdist), a test file to a process; each has
# databases of its own (tests/databases.py). TEST_WORKERS=0 runs it in this process alone.
TEST_WORKERS ?= 2
PYTEST := $(PY) -m pytest $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)

test: $(VENV)/.dev-stamp chromium fonts translations lint
	env -u TEST_DATABASE_URL $(PYTEST)
	@if [ -n "$$TEST_DATABASE_URL" ]; then \
		echo "== again on $$TEST_DATABASE_URL"; \
		$(PYTEST); \
	fi

# With TEST_DATABASE_URL set, the table is measured a second time on that database (it is
# emptied first: a test database only), as `make test` runs the suite twice.
bench: $(VENV)/.dev-stamp chromium translations
	$(PY) -m bench
	@if [ -n "$$TEST_DATABASE_URL" ]; then \
		BENCH_DATABASE_URL="$$TEST_DATABASE_URL" $(PY) -m bench --out bench/out/bench-postgresql.json; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
