# Two commands: `make lab` opens the lessons, `make test` checks everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: lab test bench lint typecheck unit lessons clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

$(VENV)/.lab-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev,lab]"
	touch $@

lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab lessons/

lint: $(VENV)/.dev-installed
	$(BIN)/ruff check keinstich tests benchmarks

typecheck: $(VENV)/.dev-installed
	$(BIN)/mypy keinstich

unit: $(VENV)/.dev-installed
	$(BIN)/python -m pytest -n 2 tests

lessons: $(VENV)/.dev-installed
	$(BIN)/python -m pytest --nbval -p no:xdist lessons

test: lint typecheck unit lessons

bench: $(VENV)/.dev-installed
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
