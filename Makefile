# Two commands: `make lab` opens the lessons, `make test` checks everything.
# Both create .venv/ with the project and everything the lessons and tests need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: lab test bench lint typecheck unit lessons clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev,lab,widgets,browser]"
	touch $@

lab: $(STAMP)
	$(BIN)/jupyter lab lessons/00-index.ipynb

lint: $(STAMP)
	$(BIN)/ruff check keinstich tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy keinstich

unit: $(STAMP)
	$(BIN)/python -m pytest -n 2 tests

lessons: $(STAMP)
	$(BIN)/python -m pytest --nbval -p no:xdist lessons

test: lint typecheck unit lessons

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[openspiel]" || echo "open_spiel did not install: no OpenSpiel comparison"
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/openspiel_hearts.py
	$(BIN)/python benchmarks/bots.py --quick

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
