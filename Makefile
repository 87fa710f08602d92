# The README's two commands: `make run` and `make test`. Each builds its own .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint bench clean coverage-doc

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "dealer-terminal needs Python 3.11 or newer")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/dealer-terminal run

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy rules kernel devices/events.py terminal/table/device_events.py
	$(BIN)/lint-imports

test: lint
	sh tools/os-packages.sh
	$(BIN)/pytest -n auto --dist loadgroup --durations=15

coverage-doc: $(STAMP)
	$(BIN)/dealer-terminal rules --coverage > docs/coverage.md

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python benchmarks/evaluators.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
