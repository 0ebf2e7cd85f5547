"""Game records: JSON that replays a match action by action (schema/record.schema.json)."""
from __future__ import annotations

from collections.abc import Callable
import hashlib
import json
from pathlib import Path
import re
import sys
from typing import Any

from ..engine.cards import bits
from ..engine.game import Game
from ..engine.match import Match
from ..engine.state import State, _num
from ..errors import AtoutError, RecordError, RuleFileError, RuleRuntimeError, UnreadableFileError
from ..language.source import read_regular

FORMAT = 1


def layout_of(state: State) -> dict:
    """The dealt cards of a fresh deal, in the form ``Game.new_deal(layout=...)`` takes."""
    game = state.game
    codes = game.deck.codes
    layout: dict[str, Any] = {"hands": [[codes[c] for c in bits(h)] for h in state.hands]}
    for name, pile in zip(game.pile_names, state.piles):
        layout[name] = [codes[c] for c in pile]
    return layout


class Recorder:
    """Collects one match as it is played."""

    def __init__(self, seed, players: list[str], game_ref: str, options: dict, rules: str = ""):
        self.record: dict[str, Any] = {"format": FORMAT, "game": game_ref, "options": options, "seed": seed,
                                       "players": players, "deals": []}
        if rules:
            self.record["rules"] = rules
        self._deal: dict[str, Any] | None = None

    def start_deal(self, state: State) -> None:
        self._deal = {"dealer": state.dealer, "layout": layout_of(state), "actions": []}
        self.record["deals"].append(self._deal)

    def action(self, seat: int, text: str) -> None:
        self._deal["actions"].append({"seat": seat, "action": text})

    def end_deal(self, result_json: dict) -> None:
        self._deal["result"] = result_json

    def end_match(self, match: Match) -> dict:
        self.record["result"] = _match_json(match)
        return self.record


def fingerprint(path: str | Path, variant: str | None) -> str:
    """The rules a record was played by: SHA-256 of the rule file's bytes, a NUL byte and
    the variant's name (empty for the base game), in hex."""
    return hashlib.sha256(read_regular(path) + b"\0" + (variant or "").encode("utf-8")).hexdigest()


def _match_json(match: Match) -> dict:
    final = match.result()
    return {"teams": [_num(x) for x in final.team_scores],
            "winner": None if final.winner is None else match.game.side_names[final.winner]}


def read_record(path: str | Path) -> list[tuple[str, dict]]:
    """The records in a .json file (one) or a .jsonl file (one per line), each named for errors."""
    name = str(path)
    try:
        text = read_regular(path).decode("utf-8")
    except UnreadableFileError as err:
        raise RecordError(f"{name}: {err}") from None
    except UnicodeDecodeError as err:
        raise RecordError(f"{name}: cannot be read: {err}") from None
    jsonl = name.endswith(".jsonl")
    lines = text.splitlines() if jsonl else [text]
    from ..language.schema_check import validator   # jsonschema is imported by the commands that read records only

    schema = validator("record.schema.json")
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{name}:{number}" if jsonl else name
        data = _parse_json(line, name, number if jsonl else None)
        try:
            errors = sorted(schema.iter_errors(data), key=lambda e: list(e.absolute_path))
        except RecursionError:
            raise RecordError(f"{where}: nested too deeply to be a record") from None
        if errors:
            first = errors[0]
            at = "/".join(str(p) for p in first.absolute_path) or "the record"
            raise RecordError(f"{where}: {at}: {first.message}")
        records.append((where, data))
    if not records:
        raise RecordError(f"{name}: holds no record")
    return records


def _parse_json(text: str, name: str, row: int | None) -> Any:
    """One JSON document; ``row`` is its line in a .jsonl file (None for a .json file)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"{name}:{row or err.lineno}:{err.colno}: not valid JSON: {err.msg}") from None
    except RecursionError:
        raise RecordError(f"{name}{f':{row}' if row else ''}: nested too deeply to be a record") from None
    except ValueError:  # a whole number longer than sys.get_int_max_str_digits()
        limit = sys.get_int_max_str_digits()
        found = re.search(r"[0-9]{%d,}" % (limit + 1), text)
        if found is None:
            raise RecordError(f"{name}{f':{row}' if row else ''}: a number is too long") from None
        before = text[:found.start()].split("\n")
        line, column = (row, found.start() + 1) if row else (len(before), len(before[-1]) + 1)
        raise RecordError(f"{name}:{line}:{column}: a number of {len(found.group()):,} digits; a record's numbers "
                          f"may have at most {limit:,}") from None


def game_of(record: dict, where: str, load: Callable[..., Game], folder: str | Path | None = None) -> Game:
    """The game a record names: a bundled name, or a path taken from the record's own
    ``folder``. The file must be a sound rule file (its text is never quoted back, as the
    record may name any file); its fingerprint must match the record's ``rules``."""
    from ..language.rule_files import resolve

    ref, variant = record["game"], record.get("options", {}).get("variant")
    try:
        path = resolve(ref, folder)
        game = load(path, variant)
    except RuleFileError as err:
        first = err.problems[0] if err.problems else None
        why = (first.message if first is not None and first.line == 0 else
               f"not a valid rule file ({len(err.problems)} problem(s); 'atout validate' lists them)")
        raise RecordError(f"{where}: game '{ref}': {why}") from None
    except AtoutError as err:
        raise RecordError(f"{where}: game '{ref}': {str(err).splitlines()[0]}") from None
    stated = record.get("rules")
    if stated is not None and stated != fingerprint(path, variant):
        raise RecordError(f"{where}: game '{ref}': the rule file is not the one the record was played by "
                          f"(its fingerprint differs from the record's 'rules')")
    return game


def replay(record: dict, where: str, load: Callable[..., Game],
           folder: str | Path | None = None) -> tuple[list[dict], dict | None, list[str]]:
    """Re-execute a record; return each deal's result, the match result and the differences
    from what the record states (every stated field is compared).

    A record must hold whole matches with every result stated unless it says ``"partial":
    true``; then the match result is None while the match is not over. An illegal action or
    a missing result raises RecordError, a failure inside the rules RuleRuntimeError, both
    naming the deal and action."""
    partial = record.get("partial") is True
    if not partial:
        _check_complete(record, where)
    game = game_of(record, where, load, folder)
    ref = record["game"]
    match = game.new_match(seed=record.get("seed"))
    differences: list[str] = []
    results = []
    for d, deal in enumerate(record["deals"], start=1):
        if match.is_over:
            raise RecordError(f"{where}:deal {d}: the match was already over after {d - 1} deal(s)")
        try:
            state = match.next_deal(layout=deal["layout"], dealer=deal["dealer"])
        except Exception as err:  # noqa: BLE001 - sorted out by _failure
            raise _failure(err, f"{where}:deal {d}", "bad layout: ", ref) from err
        for a, step in enumerate(deal["actions"], start=1):
            if state.is_over:
                raise RecordError(f"{where}:deal {d}:action {a}: the deal is already over")
            if step["seat"] != state.current_player:
                raise RecordError(f"{where}:deal {d}:action {a}: seat {step['seat']} acts, but it is seat "
                                  f"{state.current_player}'s turn")
            try:
                state.apply(step["action"])
            except Exception as err:  # noqa: BLE001 - sorted out by _failure
                raise _failure(err, f"{where}:deal {d}:action {a}", "", ref) from err
        if not state.is_over:
            if partial and d == len(record["deals"]):
                break
            raise RecordError(f"{where}:deal {d}: the record stops before the deal is over "
                              f"(seat {state.current_player} to act)")
        try:
            result = match.finish_deal(state).to_json()
        except Exception as err:  # noqa: BLE001 - the scoring or the match's end rule failed
            raise _failure(err, f"{where}:deal {d}", "", ref) from err
        results.append(result)
        stated = deal.get("result", {})
        for key, value in stated.items():
            if result.get(key) != value:
                differences.append(f"deal {d}: the record says {key} {json.dumps(value)}, "
                                   f"replay gives {key} {json.dumps(result.get(key))}")
    if not match.is_over:
        if partial:
            return results, None, differences
        raise RecordError(f"{where}: the match is not over after {len(record['deals'])} deal(s); "
                          f"{_PARTIAL}")
    match_json = _match_json(match)
    stated = record.get("result")
    if stated is not None and stated != match_json:
        differences.append(f"match: the record says {json.dumps(stated)}, replay gives {json.dumps(match_json)}")
    return results, match_json, differences


def _failure(err: Exception, at: str, prefix: str, ref: str) -> AtoutError:
    """An error met while replaying: RecordError when the record is at fault (an illegal
    action, a bad layout), RuleRuntimeError when the rules themselves failed."""
    if isinstance(err, AtoutError) and not isinstance(err, RuleRuntimeError):
        return RecordError(f"{at}: {prefix}{err}")
    return RuleRuntimeError.during(f"{at}: game '{ref}'", err)


_PARTIAL = 'a record must hold a whole match unless it says "partial": true'


def _check_complete(record: dict, where: str) -> None:
    """A record not marked partial states every deal's result and the match's."""
    if not record["deals"]:
        raise RecordError(f"{where}: holds no deal; {_PARTIAL}")
    for d, deal in enumerate(record["deals"], start=1):
        if "result" not in deal:
            raise RecordError(f"{where}:deal {d}: states no result; {_PARTIAL}")
    if "result" not in record:
        raise RecordError(f"{where}: states no match result; {_PARTIAL}")
