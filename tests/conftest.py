import os
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent
# helpers.py, and each game's test module (its stacking helpers, which other tests import), by name
sys.path[:0] = [str(TESTS), str(TESTS / "games")]

# atout's caches (the catalog 'atout list' keeps) go to a folder of the test run, not the user's
os.environ.setdefault("ATOUT_CACHE_DIR", tempfile.mkdtemp(prefix="atout-test-cache-"))
# the suite plays the pure-Python engine unless asked otherwise; tests/engine/test_compiled_tier.py
# runs the lockstep and conformance suites again on the compiled tier
os.environ.setdefault("ATOUT_ENGINE", "pure")
