"""A game's own engine code: the hot paths of trick play written out for one rule file.

The generic engine (play.py) asks the Game at every step which rules it has (is there a
'draw when'? how many players? can a trick be spoiled?) and calls one function per rule
string. Here those answers are known once. The follow obligations become one legality
function whose clauses share their conditions and the cards led; the play of a card (the
trick's end, its card points, the end check, the draw) becomes straight-line code with the
number of players and the rule strings written in; the legal plays of a decision come from
byte tables without a call; a new deal's fields, its deal and the start of play come from
generate_deal.py. The result is a subclass of State with these methods, made
once per Game; the generic State stays the reference it is tested against
(tests/engine/test_generated_engine.py). ``atout compile GAME --show`` prints the code.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..errors import RULE_ERRORS, reraise_rule_error
from .cards import whole
from .code_writer import LET_CALL, Writer
from .compiled import compiled_functions
from .generate_deal import deal_source, indent, start_play_source, start_source
from .phases import AUCTION, PLAY, TRANSFERS, Taken
from .state import State
from .tricks import TRUMPS_LED

if TYPE_CHECKING:
    from .rules import Rules

HAND = "_at(s.hands, s.current)"
LED = "_led(s)"
BEATING = "s.rule.beating(s.trick, s.trump, s.trumps, ANY)"
TRICK = "_mask(s.trick)"
WINNING = "_winning(s)"
_UNSET = object()      # a let of the settlement not computed yet (None is a value a let may have)


def engine_source(game: Rules) -> tuple[str, dict[str, Any]]:
    """The generated methods of ``game`` as Python source, and the values they name."""
    writer = Writer(game)
    play = _play_source(writer)
    parts = [_legal_source(writer), play, _legal_actions_source(writer), _apply_source(play), _awards_source(writer),
             deal_source(writer), start_play_source(writer), start_source(writer)]
    return "\n\n".join(parts) + "\n", writer.names


def engine_class(game: Rules) -> type[State]:
    """A subclass of State whose hot paths are the generated methods of ``game``: compiled by
    Cython where the compiled tier runs (compiled.py), else executed as Python."""
    source, names = engine_source(game)
    namespace = dict(game.code.namespace if game.code is not None else {})
    namespace.update(names, State=State, PLAY=PLAY, AUCTION=AUCTION, TRANSFERS=TRANSFERS, TRUMPS_LED=TRUMPS_LED,
                     Taken=Taken, RULE_ERRORS=RULE_ERRORS, reraise_rule_error=reraise_rule_error)
    wanted = ("_compute_legal", "_play", "legal_actions", "apply_unchecked", "_award_list", "_deal", "_start_play",
              "start")
    methods = compiled_functions(source, namespace, (*wanted, "shuffle_pack"), game.title, State)
    if methods is None:
        exec(compile(source, f"<{game.path}: generated engine>", "exec"), namespace)
        methods = {name: namespace[name] for name in wanted}
    else:
        methods["shuffle_pack"] = staticmethod(methods["shuffle_pack"])     # the compiled module's own
    methods["start"] = classmethod(methods["start"])
    return type("GeneratedState", (State,), {"__slots__": (), "__doc__": State.__doc__, **methods})


def _clause_paths(game: Rules, key: str, count: int) -> list[tuple]:
    given = game.code.sources if game.code is not None else {}
    if count == 1 and ("play", key, "cards") in given:
        return [("play", key)]
    return [("play", key, i) for i in range(count)]


def _chain(writer: Writer, key: str, clauses, rewrite) -> list[str]:
    """Clauses tried in order, the first whose condition holds and that leaves the player a
    card deciding ``allowed``; a condition written twice is computed once."""
    seen: dict[str, str] = {}
    lines: list[str] = []
    for path, (when, select) in zip(_clause_paths(writer.game, key, len(clauses)), clauses):
        cards = rewrite(writer.rule(path + ("cards",), select))
        tests = []
        if when is not None:
            condition = rewrite(writer.rule(path + ("when",), when))
            if condition not in seen:
                seen[condition] = f"cond{len(seen) + 1}"
                tests.append(f"({seen[condition]} := {condition})")
            else:
                tests.append(seen[condition])
        if cards == "ANY" and not tests:
            break
        tests.append(f"(chosen := hand & {cards})")
        lines += [f"{'elif' if lines else 'if'} {' and '.join(tests)}:", "    allowed = chosen"]
    if not lines:
        return ["allowed = hand"]
    return lines + ["else:", "    allowed = hand"]


def _legal_source(writer: Writer) -> str:
    return "\n".join(["def _compute_legal(s):",
                      '    """The cards the player to act may play (follow obligations, then \'always\')."""',
                      *indent(_legal_body(writer), 4), "    return allowed"])


def _legal_body(writer: Writer) -> list[str]:
    """Lines that leave in ``allowed`` the cards the player to act may play."""
    game = writer.game
    out = ["hand = s.hands[s.current]"]
    if game.leads:
        out += ["trick = s.trick", "if not trick:"]
        out += indent(_chain(writer, "may lead", game.leads, lambda src: src.replace(HAND, "hand")), 4)
    free = ["allowed = hand"]
    if game.always is None and (not game.follow or _chain(writer, "follow", game.follow, str) == free):
        return out + (["else:", "    allowed = hand"] if game.leads else free)     # no obligation to follow
    led = "((suit := s.tables.led[trick[0]]) < 0 and (suit := s.rule.led_suit(trick, s.trump, s.trumps)) < 0)"
    if game.leads:
        out.append(f"elif {led}:")
    else:
        out += ["trick = s.trick", f"if not trick or {led}:"]
    out += ["    allowed = hand", "else:"]
    sources = [writer.rule(path + part, fn) for path, (when, select) in
               zip(_clause_paths(game, "follow", len(game.follow)), game.follow)
               for part, fn in ((("cards",), select), (("when",), when)) if fn is not None]
    follow = []
    if any(LED in src for src in sources):
        masks = writer.constant("SUIT_MASKS", game.deck.suit_masks)
        follow.append(f"led_cards = s.trumps if suit == s.trump or suit == TRUMPS_LED else {masks}[suit] & ~s.trumps")
    at = "s.winning_at"          # known card by card (see _winning_source); None lets beating() find it
    if any(WINNING in src for src in sources):
        follow += ["if (at := s.winning_at) is None:", "    at = s.trick_winner_at()"]
        at = "at"
    if any(BEATING in src for src in sources):
        follow.append("beats = -1")
    beating = (f"(beats if beats >= 0 else (beats := s.tables.beats[trick[{at}]] if {at} is not None and {at} >= 0 "
               f"else s.rule.beating(trick, s.trump, s.trumps, ANY, {at})))")
    winning = "(None if at < 0 else s.trick_seats[at])"
    winning_team = "(None if at < 0 else s.team_of[s.trick_seats[at]])"
    follow += _chain(writer, "follow", game.follow,
                     lambda src: src.replace(HAND, "hand").replace(LED, "led_cards").replace(BEATING, beating)
                     .replace(f"_team(s, {WINNING})", winning_team).replace(WINNING, winning))
    if game.always is not None:
        follow.append(f"allowed |= hand & {writer.rule(('play', 'always'), game.always)}")
    return out + indent(follow, 4)


def _play_source(writer: Writer) -> str:
    game = writer.game
    players = game.players
    out = ["def _play(s, card):",
           '    """Play a card; at the end of a trick, give it to its winner and go on or end the deal."""',
           "    seat = s.current",
           *([f"    said = s.sayings(card) if {_may_say(writer)} else None"] if game.sayings else []),
           "    bit = 1 << card",
           "    s.hands[seat] &= ~bit",
           "    s.played |= bit",
           "    trick = s.trick",
           "    trick.append(card)",
           "    s.trick_seats.append(seat)",
           "    s.history.append((seat, card))",
           *(["    if said:", "        s._say(seat, said)"] if game.sayings else []),
           "    s._legal = None",
           *indent(_winning_source(writer), 4)]
    if game.sits_out is None:
        out += [f"    if len(trick) < {players}:",
                f"        s.current = (seat + 1) % {players}",
                "        return"]
    else:
        out += ["    if s.out is None:",
                f"        if len(trick) < {players}:",
                f"            s.current = (seat + 1) % {players}",
                "            return",
                f"    elif len(trick) < {players - 1}:",
                f"        following = (seat + 1) % {players}",
                f"        s.current = following if following != s.out else (following + 1) % {players}",
                "        return"]
    winner = "s.winning_at if s.winning_at is not None else s.rule.winner(trick, s.trump, s.trumps)"
    if game.leader_wins is not None:
        winner = f"0 if {writer.rule(('play', 'leader wins when'), game.leader_wins)} else {winner}"
    out += [f"    at = {winner}", "    s.past.append(tuple(trick))"]
    tables = (game.points_table, *(points for _, points in game.rankings))
    pointless = not any(value for table in tables for row in table.scaled for value in row)   # no card points
    body = ["nxt = s.trick_seats[at]",
            "s.winners.append(nxt)",
            "s.tricks[nxt] += 1",
            *([] if pointless and not game.keep[0] else ["row = s.points.scaled[s.trump + 1]"])]
    if game.sits_out is None:
        cards = [f"c{i}" for i in range(players)]
        body += [f"{', '.join(cards)}, = trick",
                 f"mask = {' | '.join(f'1 << {c}' for c in cards)}"]
        take = ["s.won[nxt] |= mask", f"s.scored[nxt] += {' + '.join(f'row[{c}]' for c in cards)}"]
    else:
        body.append("mask = sum(1 << c for c in trick)")
        take = ["s.won[nxt] |= mask", "s.scored[nxt] += sum(row[c] for c in trick)"]
    if pointless:
        take = take[:1]
    if game.keep[0]:
        kept = writer.constant("KEPT", game.keep[0])
        body += [f"if {kept} & mask:", "    s._take_keeping(nxt, row, at)", "else:"]
        body += indent(take, 4)
    else:
        body += take
    if game.melds is not None and game.melds.at == "trick":
        melds = writer.constant("MELDS", game.melds)
        body += [f"found = {melds}.find(mask)", "if found:", "    s._score_melds(nxt, found)"]
    if any(rule.spoil_ties for rule in _trick_rules(game)):
        out += ["    if at < 0:", "        s.winners.append(-1)", "        nxt = s.leader", "    else:"]
        out += indent(body, 8)
    else:
        out += indent(body, 4)
    out += ["    s.trick = []", "    s.trick_seats = []", "    s.leader = nxt"]
    if game.ends_when is not None:
        out += [f"    if {writer.rule(('play', 'ends when'), game.ends_when)}:", "        return s._end()"]
    if game.draw:
        draw = ["piles, hands = s.piles, s.hands"]       # each player draws a card, the winner first
        for i in range(players):
            seat = "nxt" if i == 0 else f"(nxt + {i}) % {players}"
            for j, pile in enumerate(game.draw):
                draw += [f"{'elif' if j else 'if'} piles[{pile}]:", f"    hands[{seat}] |= 1 << piles[{pile}].pop(0)"]
        if game.draw_when is not None:
            out.append(f"    if {writer.rule(('play', 'draw when'), game.draw_when)}:")
            out += indent(draw, 8)
        else:
            out += indent(draw, 4)
    out += ["    if s.hands[nxt]:", "        s.current = nxt", "    else:", "        s._end()"]
    return "\n".join(out)


def _may_say(writer: Writer) -> str:
    """Whether ``card`` is among the cards of a saying ('say'): only then can playing it say
    anything, so the sayings (a call that works each of them out again) are asked only then."""
    return " or ".join(f"({writer.rule(('play', 'say', i, 'cards'), saying.cards)}) >> card & 1"
                       for i, saying in enumerate(writer.game.sayings))


def _winning_source(writer: Writer) -> list[str]:
    """Lines that keep ``s.winning_at`` (the card winning the trick so far) card by card: a
    card takes the lead when its key is higher than the winning card's, and ties it (a spoiled
    trick) when equal in a game that spoils ties; once spoiled, a card above the tied ones
    takes the lead. Where the keys are open (a card without a suit led), it is left to
    trick_winner_at() to find. With one ranking only, its strengths (when suits do not
    matter) and its ties are written in."""
    rules = _trick_rules(writer.game)
    only = rules[0] if len(rules) == 1 else None
    if any(r.by_suit for r in rules):
        keys = "s.tables.keys[card]"
    else:
        keys = "s.rule.strength" if only is None else writer.constant("STRENGTH", only.strength)
    out = ["if len(trick) == 1:",
           "    s.winning_at = 0",
           f"    s.trick_keys = {keys}",
           "elif (at := s.winning_at) is not None and at >= 0 and (keys := s.trick_keys) is not None:",
           "    if (key := keys[card]) > (best := keys[trick[at]]):",
           "        s.winning_at = len(trick) - 1"]
    if any(rule.spoil_ties for rule in rules):
        spoils = " and s.rule.spoil_ties" if only is None else ""
        out += [f"    elif key == best and key >= 0{spoils}:",
                "        s.winning_at = -1",
                "elif at == -1 and (keys := s.trick_keys) is not None:   # spoiled so far: a card above the tie leads",
                "    if keys[card] > max(map(keys.__getitem__, trick[:-1])):",
                "        s.winning_at = len(trick) - 1"]
    return out + ["else:", "    s.winning_at = None"]


def _apply_source(play: str) -> str:
    """apply_unchecked with the play of a card written in (one call less per card played)."""
    body = play.splitlines()[2:]
    return "\n".join(["def apply_unchecked(s, action):",
                      '    """Apply a legal action; a card played goes through the body of _play above."""',
                      '    if action.kind != "play":',
                      "        return State.apply_unchecked(s, action)",
                      "    card = action.card", *body])


def _awards_source(writer: Writer) -> str:
    """The scoring section as straight-line code: each award's condition, receiver and points
    in the rule file's order, and each let they read a local variable (_SettlementLets)."""
    game = writer.game
    parts = []
    for i, award in enumerate(game.awards):
        path = ("scoring", "award", i)
        parts.append(tuple(None if fn is None else writer.rule(path + (key,), fn, inline=False)
                           for key, fn in (("when", award.when), ("to", award.to), ("points", award.points))))
    lets = _SettlementLets(writer, [src for part in parts for src in part if src is not None])
    head = ["def _award_list(s):",
            '    """Every award the finished deal earns, in the rule file\'s order, as (kind, who, points, rule)."""']
    out = [*indent(lets.lines, 4), "    found = []"]
    for award, (when, to, points) in zip(game.awards, parts):
        if award.each:
            count = len(game.teams) if award.to_kind == "team" else game.players
            points = lets.written(points).replace("s.bound['it']", "it")
            bound = "s.bound" in points or "rule_" in points or LET_CALL.search(points)     # may read 'it'
            body = [f"for it in range({count}):", *(["    s.bound = {'it': it}"] if bound else []),
                    f"    if points := {points}:",
                    f"        found.append(({award.to_kind!r}, it, points, {award.rule!r}))",
                    *(["s.bound = {}"] if bound else [])]
        else:
            body = [f"if (who := {lets.written(to)}) is not None:",
                    f"    found.append(({award.to_kind!r}, who, {lets.written(points)}, {award.rule!r}))"]
        if when is not None:
            out += [f"    if {lets.written(when)}:", *indent(body, 8)]
        else:
            out += indent(body, 4)
    return "\n".join(_constant_calls(head, out + ["    return found"], game.players))


CONSTANT_CALL = re.compile(r"\b_(bid|team)\(s, (\d+)\)")     # built-ins that read a finished deal and cannot fail


def _constant_calls(head: list[str], body: list[str], players: int) -> list[str]:
    """``body`` with each call of a built-in on a fixed seat that it makes more than once (a
    side's bid is bid(seat(0)) + bid(seat(2)) in every award) made once, first, into a local."""
    text = "\n".join(body)
    counts: dict[str, int] = {}
    for match in CONSTANT_CALL.finditer(text):
        if int(match.group(2)) < players:
            counts[match.group(0)] = counts.get(match.group(0), 0) + 1
    hoisted = [call for call, count in counts.items() if count > 1]
    for call in hoisted:
        text = text.replace(call, _call_local(call))
    return head + [f"    {_call_local(call)} = {call}" for call in hoisted] + [text]


def _call_local(call: str) -> str:
    """``_bid(s, 2)`` -> ``bid_of_2`` (not ``team_2``: a let function's argument is a local named
    for its kind and a number)."""
    match = CONSTANT_CALL.fullmatch(call)
    return f"{match.group(1)}_of_{match.group(2)}"


class _SettlementLets:
    """The lets a settlement reads (directly or through other lets) as local variables named
    let_NAME, assigned in the rule file's order (a let uses only the entries above it), so each
    is computed once. A let whose value may fail (a division, a remainder) is computed where
    it is first read instead, as the interpreter does: its variable starts _UNSET. A let that
    reads a bound name, or has no source, stays a call."""

    RISKY = ("_div(", "_mod(", "rule_")
    FRACTIONAL = ("_div(", "_quotient(", "Fraction(", "s.points.of(")     # where a value may stop being whole

    def __init__(self, writer: Writer, sources: list[str]):
        given = writer.sources
        wanted: set[str] = set()
        pending = [m.group(1) for src in sources for m in LET_CALL.finditer(src)]
        while pending:
            name = pending.pop()
            let = given.get(("let", name))
            if name not in wanted and let is not None and "s.bound" not in let:
                wanted.add(name)
                pending += [m.group(1) for m in LET_CALL.finditer(let)]
        self.eager: set[str] = set()
        self.lazy: dict[str, str] = {}      # name -> its value's source, written where it is read
        self.lines: list[str] = []
        fractional: set[str] = set()
        for name, kind, _ in writer.game.lets:
            if name not in wanted:
                continue
            let = given[("let", name)]
            value = self.written(let)
            if kind == "num" and (any(mark in let for mark in self.FRACTIONAL) or
                                  any(m.group(1) in fractional for m in LET_CALL.finditer(let))):
                fractional.add(name)         # a whole Fraction becomes an int: what reads it stays in ints
                writer.constant("_whole", whole)
                value = f"_whole({unwrapped(value)})"
            if any(risk in value for risk in self.RISKY):
                writer.constant("_UNSET", _UNSET)
                self.lazy[name] = value
                self.lines.append(f"let_{name} = _UNSET")
            else:
                self.eager.add(name)
                self.lines.append(f"let_{name} = {value}")

    def written(self, src: str) -> str:
        """``src`` reading the local variables for the lets computed so far."""
        def local(match: re.Match) -> str:
            name = match.group(1)
            if name in self.eager:
                return f"let_{name}"
            if name in self.lazy:
                return f"(let_{name} if let_{name} is not _UNSET else (let_{name} := {self.lazy[name]}))"
            return match.group(0)
        return LET_CALL.sub(local, src)


def _legal_actions_source(writer: Writer) -> str:
    """In trick play: the side actions a leader may take, the plays of the legal cards (from
    the byte tables, by card number), the declarations, then shows and melds as State has them."""
    game = writer.game
    tables = game.play_tables
    parts = []
    for k in range(len(tables)):
        table = writer.constant(f"PLAYS_{k}", tables[k])
        parts.append(f"*{table}[legal & 255]" if k == 0 else f"*{table}[legal >> {8 * k} & 255]")
    out = ["def legal_actions(s):",
           '    """The legal actions; in trick play, the plays of the legal cards by card number."""',
           f"    if s.phase == PLAY{' and s.pending is None' if game.shows else ''}:",
           "        legal = s._legal",
           "        if legal is None:",
           *indent(_legal_body(writer), 12),
           "            legal = s._legal = allowed",
           "            if not legal:",
           "                s._no_card()",
           *(["        legal = s.game.deck.distinct(legal)        # one play per code: copies are the same move"]
             if game.deck.copies > 1 else []),
           f"        plays = [{', '.join(parts)}]",
           *(["        plays = s._turn_actions() + plays       # announcements before the card (at: turn)"]
             if game.offered.get("turn") else [])]
    extra = (" + (s._shows() if not s.winners else [])" if game.shows else "") + (" + s._announcement()" if game.melds is not None else "")
    lead, conditions = [], []
    for k, spec in enumerate(game.side_actions):
        if spec.at != "lead":
            continue
        actions = tuple(a for a in game.by_kind["act"] if a.arg == k)
        if any(a.card >= 0 for a in actions):        # one action for each card: 'when' sees its card
            conditions.append((f"s._lead_actions_of({k})", None))
        else:
            conditions.append((writer.constant(f"ACTS_{k}", actions),
                               writer.rule(("play", "actions", spec.name, "when"), spec.when)))
    shared = _shared_lets(writer, [condition for _, condition in conditions if condition is not None])
    for actions, condition in conditions:
        if condition is None:
            lead.append(actions)
            continue
        for name, piece in shared:
            condition = condition.replace(f"({piece})", f"let_{name}").replace(piece, f"let_{name}")
        lead.append(f"({actions} if {_at_lead(condition)} else ())")
    declarations = held = ""
    if game.declarations:
        groups: dict[tuple[int, int], list] = {}         # the meld's cards -> its plays, in the actions' order
        for a in game.by_kind["declare"]:
            meld = game.declarations[a.arg].cards & game.deck.suit_masks[a.suit]
            groups.setdefault((a.arg, meld), []).append((a, 1 << a.card))
        melds = tuple((meld, tuple(plays)) for (_, meld), plays in groups.items())
        cards = 0
        for meld, _ in melds:
            cards |= meld
        if cards.bit_count() <= 12:          # the melds complete in each subset of their cards, a table of at most 4,096
            table = writer.constant("MELDS_HELD", _complete_melds(melds, cards))
            held = f"        held = {table}[hand & {cards:#x}]"
            declarations = " + ([a for shown in held for a, bit in shown if legal & bit] if held else [])"
        else:
            table = writer.constant("DECLARATIONS", melds)
            declarations = f" + [a for meld, shown in {table} if hand & meld == meld for a, bit in shown if legal & bit]"
    if not lead and not declarations:
        out.append(f"        return plays{extra}")
    else:
        out += ["        if s.trick:",
                f"            return plays{extra}"]
        out.append("        hand = s.hands[s.current]")
        out += [f"        let_{name} = {unwrapped(_at_lead(piece))}" for name, piece in shared]
        if held:
            out.append(held)
        before = f"[*{', *'.join(lead)}] + " if lead else ""
        out.append(f"        return {before}plays{declarations}{extra}")
    out.append("    return State.legal_actions(s)")
    head, body = out[:2], out[2:]         # the body in a try: a rule's own error becomes the file's (errors.py)
    return "\n".join(head + ["    try:"] + ["    " + line for line in body]
                     + ["    except RULE_ERRORS as err:", "        reraise_rule_error(err)"])


def _shared_lets(writer: Writer, conditions: list[str]) -> list[tuple[str, str]]:
    """The lets written into more than one of ``conditions`` (the side actions' at a lead), each
    with the text it is written as: computed once before them instead. A let that may fail (a
    division) stays where it is, as the conditions may not reach it."""
    found = []
    for name, _, _ in writer.game.lets:
        source = writer.sources.get(("let", name))
        if source is None or "s.bound" in source:
            continue
        piece = f"({writer.inline(source)})"
        if sum(condition.count(piece) for condition in conditions) > 1 and \
                not any(risk in piece for risk in _SettlementLets.RISKY):
            found.append((name, piece))
    return found


def _at_lead(condition: str) -> str:
    """A condition as it reads at a lead: the player's hand a local, the trick empty."""
    return condition.replace(HAND, "hand").replace(f"({TRICK}.bit_count() == 0)", "True") \
        .replace("(len(s.trick) == 0)", "True").replace(TRICK, "0").replace("len(s.trick)", "0") \
        .replace(" and True)", ")")


def _complete_melds(melds: tuple[tuple[int, tuple], ...], cards: int) -> dict[int, tuple[tuple, ...]]:
    """For each subset of ``cards`` (a hand's cards among the melds'), the plays of the melds it
    holds whole, in the order of ``melds``: a lead finds a hand's declarations in one lookup."""
    table = {}
    subset = cards
    while True:
        table[subset] = tuple(shown for meld, shown in melds if subset & meld == meld)
        if not subset:
            return table
        subset = (subset - 1) & cards


def unwrapped(src: str) -> str:
    """A generated expression without the parentheses around all of it, which a return or a
    call's argument does not need."""
    if src.startswith("(") and src.endswith(")"):
        depth = 0
        for i, ch in enumerate(src):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and i < len(src) - 1:
                return src
        return src[1:-1]
    return src


def _trick_rules(game: Rules) -> tuple:
    """Every ranking a trick of the game may be decided by: its own and those calls choose."""
    return (game.trick_rule, *(rule for rule, _ in game.rankings))
