"""Tools for writing rule files like code: the language server (server.py, on the analysis
of index.py, needs pygls) and the watch loop of ``atout validate --watch`` (watch.py)."""
