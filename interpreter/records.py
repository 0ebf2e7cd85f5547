"""Game records: JSON that replays a match action by action (schema/record.schema.json)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .cards import bits
from .errors import AtoutError, RecordError
from .game import Game
from .match import Match
from .schema_check import validator
from .state import State, _num

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

    def __init__(self, seed, players: list[str], game_ref: str, options: dict):
        self.record: dict[str, Any] = {"format": FORMAT, "game": game_ref, "options": options, "seed": seed,
                                       "players": players, "deals": []}
        self._deal: dict[str, Any] | None = None

    def start_deal(self, state: State) -> None:
        self._deal = {"dealer": state.dealer, "layout": layout_of(state), "actions": []}
        self.record["deals"].append(self._deal)

    def action(self, seat: int, text: str) -> None:
        self._deal["actions"].append({"seat": seat, "action": text})

    def end_deal(self, result_json: dict) -> None:
        self._deal["result"] = result_json

    def end_match(self, match: Match) -> dict:
        result = match.result()
        self.record["result"] = {"teams": [_num(x) for x in result.team_scores],
                                 "winner": None if result.winner is None else match.game.side_names[result.winner]}
        return self.record


def read_record(path: str | Path) -> list[tuple[str, dict]]:
    """The records in a .json file (one) or a .jsonl file (one per line), each named for errors."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"{name}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"{name}: cannot be read: {err}") from None
    lines = text.splitlines() if name.endswith(".jsonl") else [text]
    records = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{name}:{number}" if name.endswith(".jsonl") else name
        try:
            data = json.loads(line)
        except json.JSONDecodeError as err:
            row = number if name.endswith(".jsonl") else err.lineno
            raise RecordError(f"{name}:{row}:{err.colno}: not valid JSON: {err.msg}") from None
        errors = sorted(validator("record.schema.json").iter_errors(data), key=lambda e: list(e.absolute_path))
        if errors:
            first = errors[0]
            at = "/".join(str(p) for p in first.absolute_path) or "the record"
            raise RecordError(f"{where}: {at}: {first.message}")
        records.append((where, data))
    if not records:
        raise RecordError(f"{name}: holds no record")
    return records


def replay(record: dict, where: str, load) -> tuple[list[dict], dict, list[str]]:
    """Re-execute a record; return each deal's result, the match result and the differences
    from what the record states. An illegal action raises RecordError naming deal and action."""
    try:
        game: Game = load(record["game"], record.get("options", {}).get("variant"))
    except AtoutError as err:
        raise RecordError(f"{where}: game '{record['game']}': {str(err).splitlines()[0]}") from None
    match = game.new_match(seed=record.get("seed"))
    differences: list[str] = []
    results = []
    for d, deal in enumerate(record["deals"], start=1):
        if match.is_over:
            raise RecordError(f"{where}:deal {d}: the match was already over after {d - 1} deal(s)")
        try:
            state = game.new_deal(layout=deal["layout"], dealer=deal["dealer"])
        except AtoutError as err:
            raise RecordError(f"{where}:deal {d}: bad layout: {err}") from None
        for a, step in enumerate(deal["actions"], start=1):
            if state.is_over:
                raise RecordError(f"{where}:deal {d}:action {a}: the deal is already over")
            if step["seat"] != state.current_player:
                raise RecordError(f"{where}:deal {d}:action {a}: seat {step['seat']} acts, but it is seat "
                                  f"{state.current_player}'s turn")
            try:
                state.apply(step["action"])
            except AtoutError as err:
                raise RecordError(f"{where}:deal {d}:action {a}: {err}") from None
        if not state.is_over:
            raise RecordError(f"{where}:deal {d}: the record stops before the deal is over "
                              f"(seat {state.current_player} to act)")
        result = match.finish_deal(state).to_json()
        results.append(result)
        stated = deal.get("result")
        if stated is not None and (stated.get("seats"), stated.get("teams")) != (result["seats"], result["teams"]):
            differences.append(f"deal {d}: the record says seats {stated.get('seats')} teams {stated.get('teams')}, "
                               f"replay gives seats {result['seats']} teams {result['teams']}")
    final = match.result()
    match_json = {"teams": [_num(x) for x in final.team_scores],
                  "winner": None if final.winner is None else game.side_names[final.winner]}
    stated = record.get("result")
    if stated is not None and stated != match_json:
        differences.append(f"match: the record says {json.dumps(stated)}, replay gives {json.dumps(match_json)}")
    return results, match_json, differences
