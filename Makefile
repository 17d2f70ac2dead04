# Two commands on a fresh machine: `make test` and `make app`.  Both create .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# The course server: Voilà with the repository's voila.json (see app/serve.py).
APP_PORT ?= 8866

.PHONY: test lint app clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,app]'
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check kamplib tests benchmarks scripts app
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest

app: $(STAMP)
	$(BIN)/python app/serve.py --port=$(APP_PORT)

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
