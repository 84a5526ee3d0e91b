# The kit's two commands (see README.md):
#   make run    serve the notebooks as Voila web apps on http://127.0.0.1:$(PORT)
#               (through landlord.serve: Voila with the kit's guards, see README.md)
#   make test   lint, build the documentation site and run every test tier
# Both create the virtual environment .venv on first use and keep it in step
# with pyproject.toml and constraints.txt (the versions the kit is tested with).
# Needs only Python 3.11+ (with venv) and make.

PYTHON ?= python3
PORT ?= 8866
CLASS_PORT ?= 8870
VENV := .venv
BIN := $(VENV)/bin
# pip only brings uv; uv installs the rest, seconds instead of a minute. It also
# compiles the packages' bytecode once, so each app's kernel starts seconds sooner.
UV := $(BIN)/uv
INSTALL := $(UV) pip install --quiet --compile-bytecode --python $(BIN)/python --constraint constraints.txt
export UV_PYTHON_DOWNLOADS := never

.PHONY: run class test lint docs lock lessons clean help

help:
	@echo "make run    serve the apps on http://127.0.0.1:$(PORT)/ (PORT=..., VOILA_ARGS=...)"
	@echo "make class  serve a class on the local network: tables across the students' devices"
	@echo "            and the teacher's dashboard (CLASS_PASSWORD=..., CLASS_PORT=..., CLASS_ARGS=...)"
	@echo "make test   lint, build the docs, then unit, notebook and browser tests"
	@echo "make docs   build the documentation site into build/docs (open build/docs/index.html)"
	@echo "make lessons  build the lessons site into lessons/_site (open its index.html)"
	@echo "make lint   ruff, import-linter (the layers), mypy and the public-Any check"
	@echo "make lock   refresh constraints.txt after editing dependencies in pyproject.toml"
	@echo "make clean  remove .venv and caches"

run: $(VENV)/.installed-notebook
	@case "$(PORT)" in ''|*[!0-9]*) echo "make run: PORT must be a port number, not '$(PORT)'" >&2; exit 2;; esac
	@echo "landlord: open http://127.0.0.1:$(PORT)/voila/render/welcome.ipynb  (Ctrl-C stops)"
	$(BIN)/python -m landlord.serve notebooks --no-browser --Voila.ip=127.0.0.1 \
	  --port=$(PORT) --Voila.port_retries=0 $(VOILA_ARGS)

# A class on the local network (landlord.classroom): a new password for a new lesson unless
# CLASS_PASSWORD is given; the class is kept in ./classes (CLASS_ARGS=--folder=... to change).
class: $(VENV)/.installed-notebook
	@case "$(CLASS_PORT)" in ''|*[!0-9]*) echo "make class: CLASS_PORT must be a port number, not '$(CLASS_PORT)'" >&2; exit 2;; esac
	@LANDLORD_CLASS_PASSWORD="$(CLASS_PASSWORD)" $(BIN)/python -m landlord.classroom \
	  $(if $(CLASS_PASSWORD),,--new-token) --port=$(CLASS_PORT) $(CLASS_ARGS)

# The tests run on a worker per core (at most 4; pytest-xdist), each file whole and in
# order on one worker. PARALLEL= runs them in this one process instead.
PARALLEL ?= --numprocesses=auto --maxprocesses=4 --dist=loadfile

test: lint docs
	$(BIN)/python -m pytest $(PARALLEL) $(PYTEST_ARGS)

# The documentation site (docs/, Sphinx): the Markdown pages and the API reference made
# from the docstrings of every public module; any warning fails it. Built from nothing
# each time: an incremental build repeats no warning of a page it does not read again.
DOCS_OUT ?= build/docs
docs: $(VENV)/.installed-dev
	rm -rf $(DOCS_OUT)
	$(BIN)/sphinx-build -W --keep-going -q -b html docs $(DOCS_OUT)

# The lessons as a browsable site with printable worksheets (runs every lesson's code).
lessons: $(VENV)/.installed-notebook
	$(BIN)/python lessons/build.py --out lessons/_site --apps-url http://127.0.0.1:$(PORT)/voila/render/

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy
	$(BIN)/python benchmarks/public_any.py

lock: $(UV)
	$(UV) pip compile pyproject.toml --all-extras --universal --python-version 3.11 \
	  --custom-compile-command "make lock" --quiet --output-file constraints.txt

$(UV):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "landlord needs Python 3.11 or newer; $(PYTHON) is older (set PYTHON=...)" >&2; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
	  --constraint constraints.txt uv

# The kit is installed editable: a change to landlord/ needs no reinstall. The apps'
# install does not wait for numba to compile the experiments' batch path: the apps start
# at once and it compiles in the background (landlord.batch.readiness). The tests' install
# compiles it first, as the tests compare it with the reference engine.
$(VENV)/.installed-notebook: pyproject.toml constraints.txt | $(UV)
	$(INSTALL) --editable '.[notebook,fast]'
	@touch $@

$(VENV)/.installed-dev: pyproject.toml constraints.txt | $(UV)
	$(INSTALL) --editable '.[notebook,fast,dev]'
	$(BIN)/python -m landlord.batch
	@touch $@

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis build dist docs/api
