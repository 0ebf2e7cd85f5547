"""The compiled tier: a game's generated engine code built into a C extension with Cython.

generate.py writes each game's hot paths as Python source. With the ``fast`` extra installed
(``pip install 'atout[fast]'``: Cython) and a C compiler present, that source, rewritten
for Cython (cython_source.py: the state's fields read and written at their slots, a mask's
plays gathered in C), is compiled once into an extension module and cached by its hash
(with Cython's version and the interpreter's ABI) in ``<cache folder>/engines/``; later
processes import the cached module and compile nothing. The functions read the values the source names (the game's tables,
its rule expressions, the engine's classes) from the module's globals, set after import, so
one source gives one module whatever objects it is given.

Which tier runs is ``$ATOUT_ENGINE``: ``pure`` (generated Python only), ``compiled`` (the
compiled tier, or one line on stderr saying why not and the pure engine), or unset/``auto``
(the compiled tier when Cython is installed, else pure without a word). The compiled tier
must play exactly as the pure one: tests/engine/test_compiled_tier.py holds them in lockstep.
"""
from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
from pathlib import Path
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from types import ModuleType
from typing import Any

from ..cache import cache_dir
from .cython_source import cython_source

TIERS = ("auto", "pure", "compiled")
_warned: set[str] = set()
_modules: dict[str, ModuleType] = {}


def tier() -> str:
    """The tier asked for by ``$ATOUT_ENGINE`` (see the module); an unknown value is said once
    and read as ``auto``."""
    asked = os.environ.get("ATOUT_ENGINE", "auto").strip().lower() or "auto"
    if asked not in TIERS:
        _say(f"ATOUT_ENGINE={asked!r} is not one of {', '.join(TIERS)}: 'auto' is used")
        return "auto"
    return asked


def cython_version() -> str | None:
    """Cython's version, or None when the ``fast`` extra is not installed."""
    try:
        import Cython
    except ImportError:
        return None
    return Cython.__version__


def compiled_functions(source: str, names: dict[str, Any], wanted: tuple[str, ...], title: str,
                       owner: type) -> dict[str, Any] | None:
    """The functions ``wanted`` of ``source`` from its compiled module, its globals set to
    ``names`` and its reads of the state's fields bound to ``owner``, the class whose
    ``__slots__`` hold them (cython_source.py); None when the pure engine is to run (the tier
    asked for, or no way to compile, said once per reason)."""
    chosen = tier()
    if chosen == "pure":
        return None
    version = cython_version()
    if version is None:
        if chosen == "compiled":
            _say("ATOUT_ENGINE=compiled needs Cython (pip install 'atout[fast]'): the pure-Python engine runs")
        return None
    slots = tuple(owner.__slots__)
    module = _module(module_source(source, names, slots), version, title)
    if module is None:
        return None
    try:
        module._bind(owner, slots)
    except TypeError as err:
        _say(f"the compiled tier is off (the engine of {title} does not fit the state: {err}): "
             "the pure-Python engine runs")
        return None
    module.__dict__.update(names)
    return {name: getattr(module, name) for name in wanted}


def module_source(source: str, names: dict[str, Any], slots: tuple[str, ...]) -> str:
    """The module Cython compiles: each name the code reads declared as a global first (Cython
    refuses a name it cannot see defined), then the generated source as cython_source.py
    rewrites it, the fields ``slots`` of the state read and written at their offsets."""
    declared = "".join(f"{name} = None\n" for name in sorted(names) if name.isidentifier())
    return f"# cython: language_level=3, binding=True\n{declared}\n{cython_source(source, slots)}"


def _module(text: str, version: str, title: str) -> ModuleType | None:
    key = hashlib.sha256("\n".join((text, version, sys.version, sysconfig.get_config_var("EXT_SUFFIX") or ""))
                         .encode()).hexdigest()[:32]
    found = _modules.get(key)
    if found is not None:
        return found
    name = f"_atout_engine_{key}"
    built = cache_dir() / "engines" / f"{name}{sysconfig.get_config_var('EXT_SUFFIX')}"
    module = _load(name, built) if built.exists() else None
    if module is None:
        why = _build(name, text, built, title)
        if why is not None:
            _say(f"the compiled tier is off ({why}): the pure-Python engine runs")
            return None
        module = _load(name, built)
        if module is None:
            _say(f"the compiled tier is off (the module built for {title} does not load): the pure-Python engine runs")
            return None
    _modules[key] = module
    return module


def _load(name: str, path: Path) -> ModuleType | None:
    """The cached module, or None if it cannot be loaded (a damaged file is built again)."""
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except (ImportError, OSError):
        return None
    return module


def _build(name: str, text: str, target: Path, title: str) -> str | None:
    """Compile ``text`` into the extension ``target``: None when done, else why not."""
    compiler = shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])
    if compiler is None:
        return "no C compiler found"
    try:
        from Cython.Compiler import Main
    except ImportError:
        return "Cython cannot be imported"
    print(f"atout: compiling the engine of {title} with Cython, once (cached in {target.parent})",
          file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="atout-engine-") as work:
        pyx = Path(work) / f"{name}.pyx"
        pyx.write_text(text, encoding="utf-8")
        try:
            result = Main.compile(str(pyx), Main.CompilationOptions(language_level=3, quiet=True))
        except Exception as err:  # noqa: BLE001 - any failure of Cython leaves the pure engine running
            return f"Cython failed: {err}"
        if result.num_errors:
            return "Cython reported errors"
        built = Path(work) / target.name
        command = [*(sysconfig.get_config_var("CC") or "cc").split(), "-shared", "-fPIC", "-O1", "-w",
                   f"-I{sysconfig.get_paths()['include']}", str(Path(work) / f"{name}.c"), "-o", str(built)]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            return f"the C compiler failed: {(done.stderr.strip().splitlines() or ['no message'])[-1]}"
        staged = target.with_name(f".{target.name}.{os.getpid()}")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(built, staged)
            os.replace(staged, target)
        except OSError as err:
            with contextlib.suppress(OSError):
                staged.unlink()
            return f"the cache cannot be written: {err}"
    return None


def _say(line: str) -> None:
    """One line on stderr, once per process for each thing said."""
    if line not in _warned:
        _warned.add(line)
        print(f"atout: {line}", file=sys.stderr)
