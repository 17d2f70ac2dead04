# Two commands on a fresh machine: `make test` and `make app`.  Both create .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# The course server: Voilà with the repository's voila.json (see app/serve.py).
APP_PORT ?= 8866
# The browser edition (scripts/build_site.py): a static site in SITE_DIR, Python in the browser.
SITE_DIR ?= build/site
SITE_PORT ?= 8867
# Where `make site-serve` listens: 127.0.0.1 for this machine, 0.0.0.0 for the class network.
SITE_HOST ?= 127.0.0.1

# pytest-xdist workers for the suite: CI has 2 cores.  Each worker runs its own Chromium and
# course server, so more workers need more memory (about 2 GB each); TEST_WORKERS=0 runs serially.
TEST_WORKERS ?= 2

# Python's bytecode, kept in the venv: every Python the targets start (pytest's workers, the
# notebooks' kernels, the course servers and theirs, the site's build) compiles a module it
# imports once and reads it from here after.  With PYTHONDONTWRITEBYTECODE set (some machines set
# it for everything) and the install's --no-compile, each of them compiled every module it
# imported, every time: a kernel's start cost 1.7 s of CPU instead of 0.6, a collection of the
# suite 14 s instead of 6 (BENCHMARKS.md, "Test suite", 3 Dec 17:30).  Nothing lands in the
# source tree (no __pycache__ beside the code); `make clean` removes it with the venv.
unexport PYTHONDONTWRITEBYTECODE
PYTHONPYCACHEPREFIX ?= $(abspath $(VENV))/pycache
export PYTHONPYCACHEPREFIX

.PHONY: test test-fast lint app site site-serve clean

# --no-compile: pip would compile every module of every package it installs (14 s of the
# install's 34 s CPU on a fresh clone, 3 Dec); Python compiles the ones imported, once, on use.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -e '.[test,sheets,simulate,app]'
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check kamplib tests benchmarks scripts app
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS)

# The inner loop, under a minute: the unit, property and widget tests (no kernel, no Voilà, no
# browser) less the few that take seconds each (marked slow in tests/conftest.py).  Without the
# notebook and browser plugins, whose imports cost each worker seconds (nbval: jsonschema).
test-fast: $(STAMP)
	$(BIN)/python -m pytest tests -m "unit and not slow" -n $(TEST_WORKERS) -q \
		-p no:nbval -p no:playwright -o addopts="-ra --dist loadgroup"

app: $(STAMP)
	$(BIN)/python app/serve.py --port=$(APP_PORT)

site: $(STAMP)
	$(BIN)/python scripts/build_site.py --out $(SITE_DIR)

site-serve: site
	$(BIN)/python scripts/serve_site.py $(SITE_DIR) --host $(SITE_HOST) --port $(SITE_PORT)

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
