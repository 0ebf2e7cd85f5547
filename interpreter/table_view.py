"""Text views of a deal for a person at the table: only what that seat may see."""
from __future__ import annotations

from .cards import bits
from .state import State


def seat_label(state: State, seat: int, you: int) -> str:
    return "you" if seat == you else f"seat {seat}"


def describe_card(state: State, card: int) -> str:
    deck = state.game.deck
    return f"{deck.codes[card]} ({deck.names[card]})"


def hand_line(state: State, seat: int) -> str:
    """The seat's hand, strongest first, legal cards marked with '*' when it is its turn."""
    game = state.game
    legal = state.legal_mask() if state.current == seat else 0
    cards = sorted(bits(state.hands[seat]), key=lambda c: -game.trick_rule.strength[c])
    return "  ".join(f"{'*' if (legal >> c) & 1 else ' '}{game.deck.codes[c]}" for c in cards)


def table_view(state: State, you: int) -> str:
    """The trick in progress, tricks won so far and your hand."""
    lines = []
    if state.trick:
        played = ", ".join(f"{seat_label(state, s, you)}: {describe_card(state, c)}"
                           for s, c in zip(state.trick_seats, state.trick))
        lines.append(f"trick {len(state.winners) + 1}: {played}")
    else:
        lines.append(f"trick {len(state.winners) + 1}: {seat_label(state, state.leader, you)} to lead")
    lines.append("tricks won: " + ", ".join(f"{seat_label(state, s, you)} {n}" for s, n in enumerate(state.tricks))
                 + (f", spoiled {state.winners.count(-1)}" if -1 in state.winners else ""))
    lines.append(f"your hand: {hand_line(state, you)}")
    if state.current == you:
        lines.append("(* = you may play it)")
    return "\n".join(lines)


def trick_summary(state: State, you: int) -> str:
    """One line on the trick just completed."""
    winner = state.winners[-1]
    if winner < 0:
        return "  → the trick is spoiled: nobody wins it"
    return f"  → {seat_label(state, winner, you)} win{'' if winner == you else 's'} the trick"
