"""The review of a deal over at a table: the deal played again action by action with every hand
open, and each decision of the play valued double dummy (``simulation.analysis``): the value of
every legal card for its side, the best ones and what the others cost.

The steps are ready at once; the values take seconds to a minute, so one thread of the server
works them out, one deal at a time, within a budget of search per action (a value the budget
cut short is marked as not exact), each deal once (the table keeps its review). The page asks
again until they are there. Only the browser that opened the table sees a review (serve.py).
"""
from __future__ import annotations

import queue
import threading
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..engine.cards import bits
from ..engine.phases import PLAY
from ..engine.state import State
from ..errors import AtoutError
from ..players.table_view import hand_order
from ..simulation.analysis import analyze_deal
from .table import fmt

if TYPE_CHECKING:
    from .table import Table

REVIEW_NODES = 20_000
"""The search each legal action of a decision gets (solver nodes): a deal of 20 or 32 cards is
valued in about five seconds, one of 52 in about forty (the last tricks exactly, the first
ones mostly not)."""


class Stopped(Exception):
    """The table closed, or the server stops: the values are no longer wanted."""


class Review:
    """One deal's review: its steps, and the values of its decisions once worked out
    (``state``: queued, working, done or failed)."""

    def __init__(self, table: Table, deal: int):
        self.deal = deal
        self.dealt: State = table.dealt[deal - 1]
        self.actions = [(a["seat"], a["action"]) for a in table.recorder.record["deals"][deal - 1]["actions"]]
        self.steps, self.end = review_steps(table, self.dealt, self.actions)
        self.state, self.done, self.message = "queued", 0, None
        self.values: dict | None = None
        self.stop = threading.Event()

    def run(self, nodes: int) -> None:
        """Work out the values (in the analyst's thread)."""
        if self.stop.is_set():
            return
        self.state = "working"

        def progress(done: int, total: int) -> None:
            self.done = done
            if self.stop.is_set():
                raise Stopped

        try:
            analysis = analyze_deal(self.dealt, self.actions, nodes=nodes, number=self.deal, progress=progress)
        except Stopped:
            self.state = "queued"
            return
        except AtoutError as err:
            self.state, self.message = "failed", str(err)
            return
        except Exception as err:  # noqa: BLE001 - a rule failing in the search: said, never raised in the thread
            self.state, self.message = "failed", f"{type(err).__name__}: {err}"
            return
        self.values = values_json(analysis)
        self.state = "done"

    def to_json(self, seat: int) -> dict:
        return {"deal": self.deal, "dealer": self.dealt.dealer, "seat": seat, "steps": self.steps, "end": self.end,
                "analysis": {"state": self.state, "done": self.done, "total": len(self.actions),
                             "message": self.message, **(self.values or {"decisions": None, "costs": None})}}


def review_steps(table: Table, dealt: State, actions: list[tuple[int, str]]) -> tuple[list[dict], dict]:
    """Each position of the deal before an action (every hand, the trick on the table and the one
    just won, the piles), the action taken there and the legal ones; and the position at the end."""
    game = table.game
    codes = game.deck.codes
    every = dealt.clone()
    every.set_cards(table.seat, game.deck.all)
    order = {card: place for place, card in enumerate(hand_order(every, table.seat))}
    state = dealt.clone()
    steps, last = [], None

    def position() -> dict:
        pending = state.pending        # cards chosen for a pass or a discard have left the hand
        aside = pending[3] if pending is not None and pending[0] == "give" else 0
        hands = [h & ~aside if s == state.current else h for s, h in enumerate(state.hands)]
        return {"hands": [[codes[c] for c in sorted(bits(h), key=order.__getitem__)] for h in hands],
                "table": [[s, codes[c]] for s, c in zip(state.trick_seats, state.trick)],
                "last": last if not state.trick else None, "tricks": list(state.tricks),
                "trump": game.deck.suit_codes[state.trump] if state.trump >= 0 else None,
                "piles": {name: [codes[c] for c in pile] for name, pile in zip(game.pile_names, state.piles) if pile}}

    for seat, text in actions:
        action = state.resolve(text)
        playing = state.phase == PLAY
        legal = state.legal_actions() if playing else []
        step = position() | {
            "seat": seat, "text": action.text, "kind": action.kind, "label": table.label(action, state),
            "card": codes[action.card] if action.card >= 0 else None,
            "trick": len(state.winners) + 1 if playing else None,
            "legal": [{"text": a.text, "card": codes[a.card] if a.card >= 0 else None, "label": table.label(a, state)}
                      for a in legal]}
        steps.append(step)
        before = (list(zip(state.trick_seats, state.trick)), len(state.winners))
        state.apply(action)
        if len(state.winners) > before[1]:
            winner = state.winners[-1]
            last = {"cards": [[s, codes[c]] for s, c in before[0]] + [[seat, codes[action.card]]],
                    "winner": None if winner < 0 else winner}
        elif state.trick:
            last = None
    return steps, position()


def values_json(analysis: Any) -> dict:
    """Each decision's values for the page: per legal action its value and its cost against the
    best (as the table writes numbers), the action played's cost (None where not all are exact:
    such a decision is not judged), whether all are exact; and each seat's total cost. Decisions not valued (before the play, or with one legal action)
    are None."""
    decisions = []
    for d in analysis.decisions:
        if not d.values:
            decisions.append(None)
            continue
        best = max(d.values.values())
        decisions.append({"exact": d.exact, "best": fmt(best), "cost": None if d.cost is None else fmt(d.cost),
                          "values": {text: {"value": fmt(v), "cost": fmt(Fraction(best) - Fraction(v))}
                                     for text, v in d.values.items()}})
    return {"decisions": decisions, "costs": [fmt(c) for c in analysis.costs()]}


class Analyst:
    """The server's one thread that works out reviews, oldest asked first; it starts with the
    first review and, a daemon, never holds the server up when it stops."""

    def __init__(self, nodes: int = REVIEW_NODES):
        self.nodes = nodes
        self._queue: queue.Queue[Review] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, review: Review) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="atout-review", daemon=True)
                self._thread.start()
        self._queue.put(review)

    def _work(self) -> None:
        while True:
            self._queue.get().run(self.nodes)
