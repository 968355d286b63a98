# Two commands: `make lab` opens the lessons, `make test` checks everything.
# Both create .venv/ with the project and everything the lessons and tests need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab table classroom table-cost hub-check test bench lint typecheck unit lessons lessons-refresh browser screenshots \
	binder-check clean bank bank-check catalogs

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml setup.py | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev,lab,widgets,browser]"
	$(BIN)/python -m keinstich.warm
	touch $@

# JupyterLab refuses to start as root ("Running as root is not recommended") unless given --allow-root:
# a container or a fresh cloud machine often runs as root. USER_ID is the `id -u` of who runs make.
USER_ID ?= $(shell id -u)
LAB_FLAGS := $(if $(filter 0,$(USER_ID)),--allow-root)

# The kit's server settings (config/: kernels of closed pages culled, Voila's preheated kernels for a class), read by
# every server these targets start; Binder and JupyterHub images get them from binder/postBuild.
CONFIG := JUPYTER_CONFIG_PATH="$(CURDIR)/config$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}"

# JupyterLab's defaults for the kit (config/lab_overrides.json: no "would you like news?" prompt over a lesson or the
# projector), in the environment's own settings folder, beside any a user has.
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.d

lab: $(STAMP)
	@echo "Starting JupyterLab on the lessons. To open them, copy into your browser the address it prints below"
	@echo "as 'http://localhost:<port>/lab/tree/lessons/00-index.ipynb?token=<token>'. Stop it with Ctrl-C."
	JUPYTER=$(BIN)/jupyter sh scripts/trust_lessons.sh
	mkdir -p $(LAB_SETTINGS) && cp config/lab_overrides.json $(LAB_SETTINGS)/keinstich.json
	$(CONFIG) $(BIN)/jupyter lab $(LAB_FLAGS) --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/lessons/00-index.ipynb

# The teacher's table for a class on this machine: Voila with config/voila.py (a pool of preheated kernels, kernels of
# closed pages culled). IP=0.0.0.0 lets the class's computers in (the default, localhost, is this computer only).
# POOL: the preheated kernels (default 10), FILL_DELAY: seconds before a taken one is replaced (default 5); for a
# class of thirty `make table POOL=35 FILL_DELAY=120`, started a minute before the lesson (docs/classroom.md).
IP ?= localhost
PORT ?= 8866
POOL ?=
FILL_DELAY ?=
table: $(STAMP)
	@echo "The table for a class: the teacher opens http://$(IP):$(PORT)/?teacher=1 (Show hands, stepping, asking the"
	@echo "class), deals the position and hands out the link that Copy link gives. Stop it with Ctrl-C."
	@# after a git pull the compiled kernel is stale: compile it now (4 s when it is not), not in the first student's table
	$(BIN)/python -m keinstich.warm
	$(CONFIG) KEINSTICH_POOL=$(POOL) KEINSTICH_FILL_DELAY=$(FILL_DELAY) \
		$(BIN)/voila apps/table.ipynb --no-browser --Voila.ip=$(IP) --port=$(PORT)

# Thirty simulated students on one Voila server (scripts/classroom_load.py) with a pool sized to the class, filled
# before they come, refilled 120 s after each take: time to the first table, click to redraw, kernels and memory, the
# CPU seconds of the server and the kernels; a measurement of this machine, not part of `make test`.
classroom: $(STAMP)
	$(BIN)/python scripts/classroom_load.py

# What one student's first table costs its kernel, counted (scripts/table_cost.py): the widget models it opens, the
# updates and bytes it sends, its CPU seconds; counts the machine's load does not change. Not part of `make test`.
table-cost: $(STAMP)
	$(BIN)/python scripts/table_cost.py

# A local JupyterHub (DummyAuthenticator, local processes, the npm configurable-http-proxy) and three students who
# open one deal link, each on a server of their own (scripts/hub_check.py; docs/classroom.md). Not part of `make test`.
hub-check: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[hub]"
	$(BIN)/python scripts/hub_check.py

# The message catalogs (keinstich/locale, made with Babel; mapping in babel.cfg): the template from the code, the
# German catalog updated from it (a new message comes in untranslated, a changed one fuzzy: translate it, drop the
# fuzzy flag), both compiled. `make test` fails until every message is translated and compiled.
POT := keinstich/locale/keinstich.pot
catalogs: $(STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg -k NP_:1c,2 -c TRANSLATORS: --no-location --sort-output --omit-header --no-wrap -o $(POT) .
	$(BIN)/pybabel -q update -i $(POT) -d keinstich/locale -D keinstich --ignore-obsolete --previous --no-wrap \
		--ignore-pot-creation-date
	$(BIN)/pybabel -q compile -d keinstich/locale -D keinstich --statistics

# The tests speak the language of the msgids, whatever the machine's locale (a lesson sets its own).
unit lessons browser screenshots lessons-refresh: export KEINSTICH_LANG := en

lint: $(STAMP)
	$(BIN)/ruff check keinstich widgets tests benchmarks scripts

typecheck: $(STAMP)
	$(BIN)/mypy keinstich widgets

unit: $(STAMP)
	$(BIN)/python -m pytest -n 2 tests --ignore=tests/browser

lessons: $(STAMP)
	$(BIN)/python -m pytest --nbval -n 2 --dist loadfile lessons

# Re-run every lesson in a fresh kernel and store its outputs (after changing faces, widgets or prose).
lessons-refresh: $(STAMP)
	$(BIN)/python scripts/refresh_lessons.py

# axe-core, the accessibility checker the browser tests inject into the pages (tests/browser/test_access.py),
# from the npm registry at the version tests/browser/package-lock.json pins (.ci/run installs npm).
AXE := tests/browser/node_modules/axe-core/axe.min.js
$(AXE): tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Browser tests: JupyterLab and Voila in headless Chromium (Debian's /usr/bin/chromium; .ci/run installs it).
browser: $(STAMP) $(AXE)
	$(BIN)/python -m pytest -p no:xdist tests/browser

# The same tests, writing docs/screenshots/*.png (table, projector layout, teacher panel, class results, domino, rule
# editor, quiz).
screenshots: $(STAMP) $(AXE)
	KEINSTICH_SCREENSHOTS=1 $(BIN)/python -m pytest -p no:xdist tests/browser

# A fresh environment built from exactly binder/, as Binder does, running the lessons with nbval.
binder-check:
	sh scripts/binder_check.sh

test: lint typecheck unit lessons browser binder-check

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[openspiel]" || echo "open_spiel did not install: no OpenSpiel comparison"
	$(BIN)/python benchmarks/table.py
	$(BIN)/python benchmarks/reliability.py
	$(BIN)/python benchmarks/bestcard.py --quick
	$(BIN)/python benchmarks/table_clicks.py --quick
	$(BIN)/python benchmarks/quiz.py --quick
	$(BIN)/python benchmarks/trainer.py --quick
	$(BIN)/python benchmarks/lesson_cells.py
	$(BIN)/python benchmarks/coach.py
	$(BIN)/python benchmarks/strength.py

# The trainer's bank of rated positions (keinstich/trainer/bank.jsonl.gz): make it again after the coach's judge
# changed (tests/test_trainer_bank.py says when), or check every position against the judge.
bank: $(STAMP)
	$(BIN)/python scripts/make_bank.py --jobs 2

bank-check: $(STAMP)
	$(BIN)/python scripts/make_bank.py --check

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
