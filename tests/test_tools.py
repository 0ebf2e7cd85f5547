"""The developer tools of tools/ run: the mutation tool lists a seeded sample (a tool that no
longer parses, or whose default tests name files that are gone, is found here, not at the next
mutation run)."""
from __future__ import annotations

from pathlib import Path
import subprocess
import sys

ROOT = Path(__file__).resolve().parent.parent


def test_the_mutation_tool_lists_a_seeded_sample():
    command = [sys.executable, "tools/mutate.py", "--list", "--mutants", "4", "--rule-mutants", "2", "--seed", "5",
               "--files", "interpreter/engine/tricks.py", "games/whist.yaml"]
    first = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    listed = [line for line in first.stdout.splitlines() if line.startswith("#")]
    assert len(listed) == 6 and all(":" in line for line in listed)
    assert [line.split()[1].split(":")[0] for line in listed] == ["interpreter/engine/tricks.py"] * 4 + ["games/whist.yaml"] * 2


def test_the_mutation_tools_default_tests_exist():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import mutate
    finally:
        sys.path.remove(str(ROOT / "tools"))
    missing = [t for t in mutate.DEFAULT_TESTS + [t for ts in mutate.MODULE_TESTS.values() for t in ts]
               if not (ROOT / t.split("::")[0]).is_file()]
    assert missing == []
