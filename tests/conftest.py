import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# atout's caches (the catalog 'atout list' keeps) go to a folder of the test run, not the user's
os.environ.setdefault("ATOUT_CACHE_DIR", tempfile.mkdtemp(prefix="atout-test-cache-"))
