"""Mutation testing for atout: does the test suite notice a small change of the engine or of a
rule file?

Each mutant is one single-point change: in the engine (``interpreter/**/*.py`` without the
front-ends), an operator, a constant, a boolean connective, a ``not`` or a returned value; in a
bundled rule file (``games/*.yaml``), a number, a ``>`` of an order, a word of a follow clause,
a comparison or connective of a rule string, or the ``direction``. Every possible mutant is
listed in a fixed order and a seeded sample of them is drawn, so a run is repeatable. Each is
applied to a private copy of the repository (one per worker, never the checkout itself), the
chosen tests run against it with ``-x``, and the mutant is *killed* when they fail (or time
out) and *survives* when they pass. The report (JSON and text) gives the score and each
survivor's diff.

    python tools/mutate.py --mutants 40 --rule-mutants 15 --seed 1 -j 1
    python tools/mutate.py --list --mutants 10            # the sample, without running it

Run it with the project's Python (``.venv/bin/python``): the tests run with ``sys.executable``.
"""
from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import json
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRONT_ENDS = ("interpreter/envs/", "interpreter/lsp/", "interpreter/web/", "interpreter/simulation/report.py")
"""Not mutated: the front-ends and the HTML report (their tests are slow or need an extra)."""
COPY_IGNORE = shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache",
                                     ".hypothesis", "tools")

DEFAULT_TESTS = [
    # the behaviour files that pin exact decisions, values and messages on tiny rule files and
    # stacked deals come first: a mutant they kill stops within seconds
    "tests/engine/test_follow.py", "tests/engine/test_trick_winner.py", "tests/engine/test_auction.py",
    "tests/engine/test_transfers.py", "tests/engine/test_settlement.py", "tests/engine/test_match.py",
    "tests/engine/test_game.py", "tests/engine/test_melds.py", "tests/engine/test_fast_paths.py",
    "tests/engine/test_generated_engine.py::test_generated_and_reference_engines_agree_on_a_few_deals",
    "tests/engine/test_generated_engine.py::test_each_game_runs_its_own_generated_hot_paths",
    "tests/language/test_semantics.py", "tests/language/test_expressions.py", "tests/language/test_compile_problems.py",
    "tests/language/test_source.py", "tests/language/test_syntax.py",
    "tests/players/test_greedy.py", "tests/players/test_search.py", "tests/players/test_table_view.py",
    "tests/players/test_players.py::test_player_specs_give_the_numbers_written",
    "tests/players/test_players.py::test_only_the_omniscient_player_peeks",
    "tests/players/test_beliefs.py::test_a_void_seen_in_play_is_still_known_when_the_deal_ends_early",
    "tests/players/test_ismcts_strength.py", "tests/players/test_arena.py",
    "tests/simulation/test_stats.py", "tests/simulation/test_facts.py", "tests/simulation/test_datafile.py",
    "tests/authoring/test_explain.py", "tests/authoring/test_starter.py",
    *(f"tests/authoring/test_fmt.py::{name}" for name in (
        "test_a_list_and_a_text_of_the_same_letters_are_not_the_same_rules",
        "test_format_leaves_a_plain_rule_string_over_two_lines_alone", "test_format_respaces_a_quoted_rule_string",
        "test_respace_leaves_text_of_several_lines_alone",
        "test_the_blank_lines_after_a_clipped_block_scalar_are_not_its_text",
        "test_the_blank_lines_after_a_kept_block_scalar_are_its_text")),
    # then the per-game clause tests, the language's problems, broken files, docs and schema
    "tests/games/test_aluette.py", "tests/games/test_belote.py", "tests/games/test_euchre.py",
    "tests/games/test_hearts.py", "tests/games/test_spades.py", "tests/games/test_whist.py", "tests/games/test_skat.py",
    "tests/games/test_sixty_six.py", "tests/games/test_french_tarot.py",
    "tests/engine/test_playthroughs.py", "tests/engine/test_codegen.py", "tests/engine/test_runtime_failures.py",
    "tests/language/test_validation_and_api.py", "tests/language/test_broken_files.py", "tests/test_docs.py",
    "tests/language/test_schema.py",
]
"""The fast tests (about a minute together on the 2-core machine, without the hypothesis test
that damages files at random, left out by DEFAULT_DESELECT). The tests that pin exact values
on tiny rule files come first: they stop a mutant they kill within seconds. A test of a slow
file is named by its node id."""
DEFAULT_DESELECT = "not damaged_files_never_crash"

MODULE_TESTS = {
    "arena": ["tests/players/test_arena.py"], "beliefs": ["tests/players/test_beliefs.py"],
    "fmt": ["tests/authoring/test_fmt.py"], "records": ["tests/simulation/test_records.py"],
    "simulate": ["tests/simulation/test_stats.py"], "stats": ["tests/simulation/test_stats.py"],
    "summary_text": ["tests/simulation/test_stats.py"], "datafile": ["tests/simulation/test_datafile.py"],
    "cluster": ["tests/simulation/test_cluster.py"], "explain": ["tests/test_cli.py"],
    "table_view": ["tests/test_cli.py"], "starter": ["tests/authoring/test_starter.py"],
    "listing": ["tests/test_cli.py"], "catalog": ["tests/authoring/test_catalog.py"],
    # the auction's rounds ('who', duels) and the deal's sizes against the transfers
    "compile_deal": ["tests/engine/test_two_step_auction.py", "tests/language/test_deal_sizes.py"],
    "wording": ["tests/authoring/test_rules_page.py", "tests/authoring/test_rules_checklist.py",
                "tests/engine/test_refusals.py"],
    "rules_page": ["tests/authoring/test_rules_page.py", "tests/authoring/test_rules_checklist.py"],
    "rules_page_auction": ["tests/authoring/test_rules_page.py"],
    "translation": ["tests/language/test_translation.py"], "card_names": ["tests/language/test_card_names.py"],
    "solver": ["tests/players/test_solver.py"], "pimc": ["tests/players/test_pimc.py"],
    "analysis": ["tests/players/test_analyze.py"],
}
"""Modules the default tests barely reach: a mutant there also runs these files."""

SOURCES: dict[str, str] = {}
"""Each file's text as it was read when its mutants were listed: the mutant's offsets are into
this text, which is what a worker's copy gets (the checkout may be edited while a run goes)."""


def _source(path: Path) -> tuple[str, str]:
    """A file's text, read once and kept in SOURCES, and its path relative to the repository."""
    rel = path.relative_to(ROOT).as_posix()
    if rel not in SOURCES:
        SOURCES[rel] = path.read_text(encoding="utf-8")
    return SOURCES[rel], rel


def _sha(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Mutant:
    """One single-point change: ``start``/``end`` are character offsets in the file's text."""

    file: str           # relative to the repository
    line: int
    kind: str
    start: int
    end: int
    replacement: str
    description: str

    def apply(self, text: str) -> str:
        return text[:self.start] + self.replacement + text[self.end:]

    def diff(self, text: str) -> str:
        mutated = self.apply(text)
        return "".join(difflib.unified_diff(text.splitlines(keepends=True), mutated.splitlines(keepends=True),
                                            f"a/{self.file}", f"b/{self.file}", n=1))


# --- engine mutants --------------------------------------------------------------------------

COMPARE_SWAPS = {ast.Lt: ["<=", ">"], ast.LtE: ["<", ">="], ast.Gt: [">=", "<"], ast.GtE: [">", "<="],
                 ast.Eq: ["!="], ast.NotEq: ["=="], ast.Is: ["is not"], ast.IsNot: ["is"],
                 ast.In: ["not in"], ast.NotIn: ["in"]}
COMPARE_TEXT = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
                ast.Is: r"is", ast.IsNot: r"is\s+not", ast.In: r"in", ast.NotIn: r"not\s+in"}
BINOP_SWAPS = {ast.Add: ("+", "-"), ast.Sub: ("-", "+"), ast.BitAnd: ("&", "|"), ast.BitOr: ("|", "&"),
               ast.Mult: ("*", "//"), ast.FloorDiv: ("//", "*"), ast.Div: ("/", "*")}


class _Offsets:
    """Character offsets from ast's (line, UTF-8 byte column) positions."""

    def __init__(self, text: str):
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def at(self, line: int, byte_col: int) -> int:
        return self.starts[line - 1] + len(self.lines[line - 1].encode("utf-8")[:byte_col].decode("utf-8"))

    def start(self, node: ast.AST) -> int:
        return self.at(node.lineno, node.col_offset)

    def end(self, node: ast.AST) -> int:
        return self.at(node.end_lineno, node.end_col_offset)


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """Nodes not to mutate: annotations (strings under ``from __future__ import annotations``),
    docstrings and f-strings (where positions are unreliable)."""
    skipped: set[int] = set()

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            skipped.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skip(node.returns)
            for arg in node.args.args + node.args.kwonlyargs + node.args.posonlyargs + \
                    [a for a in (node.args.vararg, node.args.kwarg) if a]:
                skip(arg.annotation)
        elif isinstance(node, ast.AnnAssign):
            skip(node.annotation)
        elif isinstance(node, ast.JoinedStr):
            skip(node)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            skip(node.body[0])
    return skipped


def _operator_between(text: str, start: int, end: int, pattern: str) -> tuple[int, int] | None:
    """The span of the operator matching ``pattern`` between two operands (only brackets, spaces,
    line breaks and comments may surround it)."""
    segment = text[start:end]
    found = re.search(rf"(?<![<>=!*/&|+\-\w]){pattern}(?![<>=*/&|\w])", segment)
    if found is None:
        return None
    return start + found.start(), start + found.end()


def engine_mutants(path: Path) -> list[Mutant]:
    """Every single-point mutant of one Python module, in source order."""
    text, rel = _source(path)
    tree = ast.parse(text)
    offsets = _Offsets(text)
    skipped = _skipped_nodes(tree)
    found: list[Mutant] = []

    def add(node: ast.AST, kind: str, span: tuple[int, int], replacement: str) -> None:
        original = text[span[0]:span[1]]
        found.append(Mutant(rel, node.lineno, kind, span[0], span[1], replacement,
                            f"{kind}: '{' '.join(original.split())}' -> '{replacement}'"))

    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Compare):
            left = node.left
            for op, right in zip(node.ops, node.comparators):
                span = _operator_between(text, offsets.end(left), offsets.start(right), COMPARE_TEXT[type(op)])
                if span:
                    for new in COMPARE_SWAPS[type(op)]:
                        add(node, "boundary" if new.rstrip("=") == text[span[0]:span[1]].rstrip("=")
                            else "comparison", span, new)
                left = right
        elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAPS:
            old, new = BINOP_SWAPS[type(node.op)]
            span = _operator_between(text, offsets.end(node.left), offsets.start(node.right), re.escape(old))
            if span:
                add(node, "arithmetic", span, new)
        elif isinstance(node, ast.BoolOp):
            old, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
            span = _operator_between(text, offsets.end(node.values[0]), offsets.start(node.values[1]), old)
            if span:
                add(node, "connective", span, new)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add(node, "not", (offsets.start(node), offsets.start(node.operand)), "")
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float, bool):
            value = node.value
            new = {True: "False", False: "True"}[value] if isinstance(value, bool) else \
                repr({0: 1, 1: 0}.get(value, value + 1))
            add(node, "constant", (offsets.start(node), offsets.end(node)), new)
        elif isinstance(node, ast.Return) and node.value is not None and \
                not (isinstance(node.value, ast.Constant) and type(node.value.value) in (bool, type(None))):
            add(node, "return", (offsets.start(node.value), offsets.end(node.value)), "None")
    valid = []
    for mutant in sorted(found, key=lambda m: (m.start, m.kind, m.replacement)):
        try:
            compile(mutant.apply(text), rel, "exec")
        except SyntaxError:
            continue
        valid.append(mutant)
    return valid


# --- rule-file mutants -----------------------------------------------------------------------

ORDER_KEYS = re.compile(r"^\s*(order|trump order|sequence order):\s")
FOLLOW_WORDS = {"led": "trumps", "trumps": "led", "beating": "led", "any": "led"}
RULE_OPERATORS = {">=": ">", "<=": "<", ">": ">=", "<": "<=", "!=": "=", " = ": " != ", " and ": " or ",
                  " or ": " and "}


BLOCK_INDICATOR = re.compile(r"^[>|][+-]?$")
PROSE_KEYS = {"game", "about", "rule", "- rule"}


def _code_part(line: str) -> str:
    """A YAML line without its trailing comment (a '#' after a space, outside quotes)."""
    quote = None
    for i, ch in enumerate(line):
        if ch in "'\"" and quote in (None, ch):
            quote = None if quote else ch
        elif ch == "#" and quote is None and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def rule_mutants(path: Path) -> list[Mutant]:
    """Every single-point mutant of one rule file, in file order."""
    text, rel = _source(path)
    found: list[Mutant] = []
    offset, in_follow = 0, False
    block: tuple[int, bool] | None = None     # a block scalar: its key's indent, and whether it is prose

    def add(line_no: int, kind: str, start: int, end: int, new: str) -> None:
        found.append(Mutant(rel, line_no, kind, start, end, new,
                            f"{kind}: '{text[start:end].strip()}' -> '{new.strip()}'"))

    for line_no, line in enumerate(text.splitlines(keepends=True), 1):
        code = _code_part(line.rstrip("\n"))
        indent = len(code) - len(code.lstrip())
        stripped = code.strip()
        if stripped.startswith("follow:"):
            in_follow = True
        elif stripped and not stripped.startswith("- ") and in_follow:
            in_follow = False
        key, colon, value = code.partition(":")
        value_at = len(key) + 1 if colon else 0
        if block is not None and stripped and indent <= block[0]:
            block = None
        if block is not None:                   # a line of a block scalar: all of it is the value
            key, colon, value, value_at = "", ":", code, 0
            if block[1] or not stripped:
                offset += len(line)
                continue
        elif colon and BLOCK_INDICATOR.match(value.strip()):
            block = (indent, key.strip() in PROSE_KEYS)
            offset += len(line)
            continue
        if stripped.startswith("direction:"):
            old = value.strip()
            new = {"clockwise": "counterclockwise", "counterclockwise": "clockwise"}.get(old)
            if new:
                at = offset + code.index(old, value_at)
                add(line_no, "direction", at, at + len(old), new)
        elif ORDER_KEYS.match(code):
            for match in re.finditer(r" > ", code):
                add(line_no, "order", offset + match.start(), offset + match.end(), " = ")
        elif in_follow and (stripped.startswith("- ") or stripped.startswith("follow:")):
            body = stripped.removeprefix("follow:").strip().removeprefix("-").strip()
            at = code.index(body, indent) if body else len(code)
            for match in re.finditer(r"\b(led|trumps|beating|any)\b", code[at:]):
                word = match.group(1)
                add(line_no, "follow", offset + at + match.start(), offset + at + match.end(), FOLLOW_WORDS[word])
            match = re.search(r"\bnot ", code[at:])
            if match:
                add(line_no, "not", offset + at + match.start(), offset + at + match.end(), "")
        elif colon and value.strip() and not stripped.startswith(("#", "game:", "about:", "rule:", "- rule:")):
            for match in re.finditer(r"(?<![\w.\"'])(\d+)(?![\w.\"'])", code[value_at:]):
                number = int(match.group(1))
                add(line_no, "number", offset + value_at + match.start(), offset + value_at + match.end(),
                    str({0: 1, 1: 0}.get(number, number + 1)))
            for operator, new in RULE_OPERATORS.items():
                for match in re.finditer(rf"(?<![<>=!]){re.escape(operator)}(?![<>=])", code[value_at:]):
                    add(line_no, "rule", offset + value_at + match.start(), offset + value_at + match.end(), new)
        offset += len(line)
    return sorted(found, key=lambda m: (m.start, m.kind, m.replacement))


# --- running -----------------------------------------------------------------------------------

@dataclass
class Outcome:
    id: int
    file: str
    line: int
    kind: str
    description: str
    status: str          # killed, survived, timeout
    seconds: float
    failed: str          # the first failing test, for a killed mutant
    diff: str
    start: int = 0       # the change, as offsets into the file whose sha1 is source
    end: int = 0
    replacement: str = ""
    source: str = ""


def _tests_for(mutant: Mutant, tests: list[str], module_tests: bool) -> list[str]:
    extra = MODULE_TESTS.get(Path(mutant.file).stem, []) if module_tests and mutant.file.endswith(".py") else []
    return tests + [t for t in extra if t not in tests]


def _run_tests(copy: Path, tests: list[str], select: str | None, timeout: float) -> tuple[str, str, float]:
    """Run pytest in the copy: (passed, failed or timeout; the first failing test; seconds)."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "0",
               "--no-header", "-o", "addopts=", *tests]
    if select:
        command += ["-k", select]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(copy),
           "HYPOTHESIS_STORAGE_DIRECTORY": str(copy / ".hypothesis")}
    began = time.monotonic()
    process = subprocess.Popen(command, cwd=copy, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return "timeout", "", time.monotonic() - began
    seconds = time.monotonic() - began
    if process.returncode == 0:
        return "passed", "", seconds
    failed = next((line.split(" ", 1)[1] for line in output.splitlines() if line.startswith(("FAILED ", "ERROR "))),
                  output.strip().splitlines()[-1] if output.strip() else f"exit status {process.returncode}")
    return "failed", failed, seconds


def make_copy(into: Path, files: set[str] = frozenset()) -> Path:
    """A copy of the repository to mutate, without its caches and environment; ``files`` (to be
    mutated) get the text their mutants were listed from, even if the checkout changed since."""
    copy = into / "atout"
    shutil.copytree(ROOT, copy, ignore=COPY_IGNORE, symlinks=True)
    for rel in files:
        (copy / rel).write_text(SOURCES[rel], encoding="utf-8")
    return copy


def _by_kind(mutants: list[Mutant], count: int, rng: random.Random) -> list[Mutant]:
    """A sample that takes the kinds in turn: rule files have far more numbers than directions
    or orders, and each kind guards a different part of the tests."""
    kinds: dict[str, list[Mutant]] = {}
    for mutant in mutants:
        kinds.setdefault(mutant.kind, []).append(mutant)
    for group in kinds.values():
        rng.shuffle(group)
    chosen: list[Mutant] = []
    while len(chosen) < min(count, len(mutants)):
        for kind in sorted(kinds):
            if kinds[kind] and len(chosen) < count:
                chosen.append(kinds[kind].pop())
    return chosen


def sample(args: argparse.Namespace) -> list[Mutant]:
    """The seeded sample: engine mutants first, then rule-file mutants, each in a fixed order."""
    rng = random.Random(args.seed)
    engine = [m for path in sorted((ROOT / "interpreter").rglob("*.py"))
              if not path.relative_to(ROOT).as_posix().startswith(FRONT_ENDS)
              and (not args.files or path.relative_to(ROOT).as_posix() in args.files) for m in engine_mutants(path)]
    rules = [m for path in sorted((ROOT / "games").glob("*.yaml"))
             if not args.files or path.relative_to(ROOT).as_posix() in args.files for m in rule_mutants(path)]
    if args.kinds:
        engine = [m for m in engine if m.kind in args.kinds]
        rules = [m for m in rules if m.kind in args.kinds]
    chosen = rng.sample(engine, min(args.mutants, len(engine))) + _by_kind(rules, args.rule_mutants, rng)
    print(f"{len(engine)} engine and {len(rules)} rule-file mutants possible; "
          f"sampled {min(args.mutants, len(engine))} + {min(args.rule_mutants, len(rules))} with seed {args.seed}",
          file=sys.stderr)
    return list(enumerate(chosen, 1))


def _relocate(outcome: dict) -> Mutant | None:
    """A reported mutant applied to the file as it is now: at its offsets if the file is
    unchanged, else where the lines its diff removes (with their context) are found, the
    nearest to its old line if they are found more than once; None if they are gone."""
    text, rel = _source(ROOT / outcome["file"])
    if outcome.get("source") == _sha(text):
        return Mutant(rel, outcome["line"], outcome["kind"], outcome["start"], outcome["end"],
                      outcome["replacement"], outcome["description"])
    old, new, first = [], [], None
    for line in outcome["diff"].splitlines(keepends=True):
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("@@"):
            first = first or int(re.match(r"@@ -(\d+)", line).group(1))
        elif line.startswith("-"):
            old.append(line[1:])
        elif line.startswith("+"):
            new.append(line[1:])
        elif line.startswith(" "):
            old.append(line[1:])
            new.append(line[1:])
    lines = text.splitlines(keepends=True)
    found = [i for i in range(len(lines) - len(old) + 1) if lines[i:i + len(old)] == old]
    if not old or not found:
        return None
    at = min(found, key=lambda i: abs(i + 1 - (first or 0)))
    start = sum(len(line) for line in lines[:at])
    return Mutant(rel, at + 1 + (outcome["line"] - (first or outcome["line"])), outcome["kind"], start,
                  start + len("".join(old)), "".join(new), outcome["description"])


def rerun_sample(args: argparse.Namespace) -> tuple[list[tuple[int, Mutant]], list[dict]]:
    """The survivors of an earlier report (or the mutants ``--only`` names in it), each under
    its number there, found in the sources as they are now; and those whose code is gone."""
    report = json.loads(args.rerun.read_text(encoding="utf-8"))
    args.seed = report.get("seed", args.seed)           # the new report names the sample it runs again
    chosen, gone = [], []
    for outcome in report["outcomes"]:
        if (outcome["id"] in args.only) if args.only else outcome["status"] == "survived":
            mutant = _relocate(outcome)
            if mutant is None:
                gone.append(outcome)
            else:
                chosen.append((outcome["id"], mutant))
    print(f"{len(chosen)} mutants of {args.rerun} to run again"
          + (f"; {len(gone)} gone (their lines changed): " + ", ".join(f"#{o['id']}" for o in gone) if gone else ""),
          file=sys.stderr)
    return chosen, gone


def run(args: argparse.Namespace, mutants: list[tuple[int, Mutant]]) -> list[Outcome]:
    """Run every (numbered) mutant on ``args.jobs`` private copies; a baseline run first must pass."""
    workdir = Path(tempfile.mkdtemp(prefix="atout-mutate-"))
    files = {mutant.file for _, mutant in mutants}
    try:
        copies: queue.Queue[Path] = queue.Queue()
        for worker in range(args.jobs):
            (workdir / str(worker)).mkdir()
            copies.put(make_copy(workdir / str(worker), files))
        first = copies.get()
        status, failed, seconds = _run_tests(first, args.tests, args.select, args.timeout * 3)
        copies.put(first)
        if status != "passed":
            sys.exit(f"the tests fail without any mutant ({status}: {failed}); fix them first")
        print(f"baseline: the tests pass in {seconds:.0f} s", file=sys.stderr)
        done = [0]

        def one(numbered: tuple[int, Mutant]) -> Outcome:
            number, mutant = numbered
            copy = copies.get()
            target = copy / mutant.file
            original = SOURCES[mutant.file]
            try:
                target.write_text(mutant.apply(original), encoding="utf-8")
                tests = _tests_for(mutant, args.tests, not args.no_module_tests)
                status, failed, seconds = _run_tests(copy, tests, args.select, args.timeout)
            finally:
                target.write_text(original, encoding="utf-8")
                copies.put(copy)
            outcome = Outcome(number, mutant.file, mutant.line, mutant.kind, mutant.description,
                              {"passed": "survived", "failed": "killed"}.get(status, status), round(seconds, 1),
                              failed, mutant.diff(original), mutant.start, mutant.end, mutant.replacement,
                              _sha(original))
            done[0] += 1
            print(f"[{done[0]}/{len(mutants)}] {outcome.status:8} {mutant.file}:{mutant.line} {mutant.description}",
                  file=sys.stderr)
            return outcome

        with ThreadPoolExecutor(args.jobs) as pool:
            return list(pool.map(one, mutants))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def summary(outcomes: list[Outcome], args: argparse.Namespace, gone: list[dict] = ()) -> dict:
    """Scores per part (engine, rule files): a timeout counts as killed."""
    def score(part: list[Outcome]) -> dict:
        killed = sum(o.status in ("killed", "timeout") for o in part)
        return {"mutants": len(part), "killed": killed, "survived": len(part) - killed,
                "score": round(killed / len(part), 3) if part else None}

    engine = [o for o in outcomes if o.file.endswith(".py")]
    rules = [o for o in outcomes if not o.file.endswith(".py")]
    return {"seed": args.seed, "rerun": str(args.rerun) if args.rerun else None, "only": args.only,
            "tests": args.tests, "select": args.select, "timeout": args.timeout,
            "engine": score(engine), "rule_files": score(rules),
            "outcomes": [asdict(o) for o in outcomes], "gone": list(gone)}


def text_report(report: dict) -> str:
    lines = [f"mutation run, seed {report['seed']}"
             + (f", again: mutants of {report['rerun']}" if report.get("rerun") else "")]
    for part in ("engine", "rule_files"):
        s = report[part]
        if s["mutants"]:
            lines.append(f"{part.replace('_', ' ')}: {s['killed']}/{s['mutants']} killed "
                         f"({100 * s['score']:.1f} %), {s['survived']} survived")
    for o in report["outcomes"]:
        if o["status"] == "survived":
            lines += ["", f"SURVIVED #{o['id']} {o['file']}:{o['line']} {o['description']}", o["diff"].rstrip()]
    for o in report.get("gone", []):
        gone = f"GONE #{o['id']} {o['file']}:{o['line']} {o['description']} (its lines are no longer in the file)"
        lines += ["", gone]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--mutants", type=int, default=40, help="engine mutants to sample (default 40)")
    parser.add_argument("--rule-mutants", type=int, default=15, help="rule-file mutants to sample (default 15)")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed (default 1)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="workers, each with its own copy (default 1)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per mutant before it counts as "
                        "killed by a timeout (default 120)")
    parser.add_argument("--tests", nargs="+", default=DEFAULT_TESTS, help="test files to run (default: the fast ones)")
    parser.add_argument("-k", dest="select", default=DEFAULT_DESELECT, help=f"pytest -k expression "
                        f"(default '{DEFAULT_DESELECT}'; '' for none)")
    parser.add_argument("--no-module-tests", action="store_true", help="do not add the test files of "
                        "modules the default tests barely reach (MODULE_TESTS)")
    parser.add_argument("--files", nargs="+", help="mutate only these files (e.g. interpreter/engine/tricks.py)")
    parser.add_argument("--kinds", nargs="+", help="mutate only these kinds (comparison, boundary, arithmetic, "
                        "connective, not, constant, return; number, order, follow, rule, direction)")
    parser.add_argument("--out", type=Path, default=Path("mutation-report"),
                        help="report path without suffix: writes OUT.json and OUT.txt (default mutation-report)")
    parser.add_argument("--list", action="store_true", help="print the sampled mutants and stop")
    parser.add_argument("--rerun", type=Path, metavar="REPORT.json", help="run again the survivors of an "
                        "earlier report (under their numbers there), found in the sources as they are now")
    parser.add_argument("--only", type=int, nargs="+", metavar="ID", help="run only these mutants: numbers "
                        "of the sample (as --list shows them), or of the report with --rerun")
    args = parser.parse_args(argv)
    gone: list[dict] = []
    if args.rerun:
        mutants, gone = rerun_sample(args)
    else:
        mutants = sample(args)
        if args.only:
            mutants = [(number, mutant) for number, mutant in mutants if number in args.only]
    if args.list:
        for number, mutant in mutants:
            print(f"#{number} {mutant.file}:{mutant.line} {mutant.description}")
        return 0
    report = summary(run(args, mutants), args, gone)
    args.out.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    text = text_report(report)
    args.out.with_suffix(".txt").write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
