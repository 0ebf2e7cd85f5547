"""Where the files atout ships live: the bundled games, the JSON schemas and the templates.

In a checkout (and an editable install) they are the top-level ``games/``, ``schema/`` and
``templates/`` folders; a wheel installs copies inside the package (pyproject.toml maps them there as
package data), found through importlib.resources.
"""
from __future__ import annotations

from pathlib import Path


def data_dir(name: str) -> Path:
    """The folder ``name`` ('games', 'schema' or 'templates'): the package's copy when installed from a
    wheel, else the checkout's own folder next to the package."""
    here = Path(__file__).resolve().parent
    if (here / name).is_dir():              # a wheel installed as files: no importlib.resources to import
        return here / name
    from importlib import resources
    packaged = resources.files(__package__) / name
    if packaged.is_dir():
        return Path(str(packaged))
    return here.parent / name
