#!/bin/sh
# Build a fresh environment from exactly the binder/ files, the way Binder (repo2docker) does, and run the
# lessons in it with nbval, so a broken Binder setup fails `make test` instead of a reader's first click.
#
# What repo2docker does for our binder/ (python buildpack, see repo2docker/buildpacks/python/__init__.py):
#   - the Python of binder/runtime.txt ("python-3.11"), one environment for the server and the kernel;
#   - the whole repository copied to $REPO_DIR, WORKDIR $REPO_DIR (requirements.txt names ".", a local path,
#     so pip runs after the copy), then:  pip install --no-cache-dir -r "binder/requirements.txt";
#   - binder/postBuild, if present, executed from $REPO_DIR.
# Here: a venv of that Python, a copy of the files git would commit (tracked and untracked-but-not-ignored),
# the same pip command from the copy's root, postBuild, then checks that Voila's server extension and the widget
# manager are in the environment, and `pytest --nbval -p no:xdist lessons` (pytest and nbval are added for the
# check only; Binder does not need them). Extra arguments are passed to that pytest command.
#
# Environment: BINDER_CHECK_DIR=dir (work there, kept afterwards; default a temp dir, removed on success).
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BINDER="$ROOT/binder"
say() { printf 'binder-check: %s\n' "$*"; }
fail() { printf 'binder-check: FAILED: %s\n' "$*" >&2; exit 1; }

[ -d "$BINDER" ] || fail "no binder/ folder: Binder would fall back to pyproject.toml/setup.py detection"
for unsupported in environment.yml Pipfile Pipfile.lock install.R DESCRIPTION Project.toml Dockerfile; do
    if [ -e "$BINDER/$unsupported" ]; then
        fail "binder/$unsupported is not reproduced by this check (pip only); extend scripts/binder_check.sh"
    fi
done
if [ -e "$BINDER/apt.txt" ]; then
    say "note: binder/apt.txt lists Debian packages; this check does not install them"
fi
[ -f "$BINDER/requirements.txt" ] || fail "binder/requirements.txt is missing: Binder would not install the project"

# The interpreter binder/runtime.txt asks for (repo2docker's default is its newest Python otherwise).
version=3.11
if [ -f "$BINDER/runtime.txt" ]; then
    runtime=$(tr -d ' \r\n' < "$BINDER/runtime.txt")
    case "$runtime" in
        python-3.*) version=${runtime#python-} ;;
        *) fail "binder/runtime.txt says '$runtime'; expected python-3.X" ;;
    esac
fi
version=$(printf '%s' "$version" | cut -d. -f1,2)
command -v "python$version" >/dev/null 2>&1 || fail "python$version (from binder/runtime.txt) is not installed here"
PYTHON=$("python$version" -c 'import sys; print(sys.executable)')

if [ -n "${BINDER_CHECK_DIR:-}" ]; then
    WORK=$BINDER_CHECK_DIR
    rm -rf "$WORK/repo" "$WORK/env" "$WORK/home"
    mkdir -p "$WORK"
    KEEP=1
else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/keinstich-binder.XXXXXX")
    KEEP=0
fi
REPO="$WORK/repo"
ENV="$WORK/env"
mkdir -p "$REPO" "$WORK/home"
cleanup() { status=$?; if [ "$status" -eq 0 ] && [ "$KEEP" -eq 0 ]; then rm -rf "$WORK"; else say "work folder kept: $WORK"; fi; }
trap cleanup EXIT

say "copying the repository (the files git would commit) to $REPO"
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard \
        | tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null) | tar -xf - -C "$REPO"
else
    (cd "$ROOT" && tar --exclude=./.venv --exclude=./.git --exclude='*.egg-info' --exclude=__pycache__ -cf - .) \
        | tar -xf - -C "$REPO"
fi

say "creating a fresh Python $version environment"
"$PYTHON" -m venv "$ENV"
# A fresh container: its own home, its own Jupyter dirs; the environment's bin first on PATH, as on Binder.
export HOME="$WORK/home"
export PATH="$ENV/bin:$PATH"
export JUPYTER_CONFIG_DIR="$HOME/.jupyter" JUPYTER_DATA_DIR="$HOME/.local/share/jupyter" JUPYTER_PREFER_ENV_PATH=1
export MPLCONFIGDIR="$HOME/.config/matplotlib" PIP_DISABLE_PIP_VERSION_CHECK=1
unset PYTHONPATH VIRTUAL_ENV JUPYTER_PATH 2>/dev/null || true
"$ENV/bin/python" -m pip install --quiet --upgrade pip

cd "$REPO"
say "pip install --no-cache-dir -r \"binder/requirements.txt\"   (from the repository root, as repo2docker)"
"$ENV/bin/pip" install --quiet --no-cache-dir -r "binder/requirements.txt"
if [ -f binder/postBuild ]; then
    say "running binder/postBuild"
    chmod +x binder/postBuild
    ./binder/postBuild
fi

say "checking the environment serves what the README badges open"
"$ENV/bin/python" - <<'EOF'
import sys
import importlib
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server.extension.config import ExtensionConfigManager
from jupyter_core.paths import jupyter_config_path

problems = []
for module in ("keinstich", "keinstich_widgets", "ipywidgets", "jupyterlab", "voila"):
    try:
        importlib.import_module(module)
    except Exception as error:  # report every missing piece at once
        problems.append(f"import {module} failed: {error}")
enabled = ExtensionConfigManager(read_config_path=jupyter_config_path()).get_jpserver_extensions()
if not enabled.get("voila.server_extension"):
    problems.append("Voila's server extension is not enabled: the Voila badge (urlpath=voila/render/...) would 404")
try:
    from jupyterlab_widgets import _jupyter_labextension_paths  # noqa: F401
except ImportError:
    problems.append("jupyterlab_widgets missing: widgets would show as text in JupyterLab")
spec = KernelSpecManager().get_kernel_spec("python3")
if spec.argv[0] not in ("python", "python3", sys.executable) and not spec.argv[0].startswith(sys.prefix):
    problems.append(f"the python3 kernel runs {spec.argv[0]}, not this environment's Python")
# the kit's server settings, as postBuild installed them: a server started here culls kernels nobody is connected to
from jupyter_server.serverapp import ServerApp
app = ServerApp()
app.load_config_file()
culling = app.config.MappingKernelManager
if not (culling.get("cull_idle_timeout", 0) > 0 and culling.get("cull_connected") is False):
    problems.append(f"Jupyter server's kernel culling is not set ({dict(culling)}): binder/postBuild did not install "
                    "config/jupyter_server_config.py")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
EOF

say "installing the test tools (pytest, nbval) for the check only"
"$ENV/bin/pip" install --quiet --no-cache-dir pytest nbval
say "running the lessons with nbval in the Binder environment"
"$ENV/bin/python" -m pytest --nbval -p no:xdist -p no:cacheprovider lessons "$@"
say "ok"
