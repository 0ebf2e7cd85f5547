"""The atout command, driven through click's test runner."""
from __future__ import annotations

import json

from click.testing import CliRunner

import interpreter
from interpreter.engine.cards import bits

from cli import LEVELS, main
from helpers import FOLLOW_FROM_SEAT_0, FOUR_RANKS_HEAD

RUN = CliRunner()


def test_list_names_the_bundled_games():
    result = RUN.invoke(main, ["list"])
    assert result.exit_code == 0
    assert result.output.startswith("aluette") and "Aluette: 4 players" in result.output


def test_validate_ok_and_broken(tmp_path):
    assert RUN.invoke(main, ["validate", "games/aluette.yaml"]).exit_code == 0
    broken = tmp_path / "b.yaml"
    broken.write_text("game: X\nplayers: 4\n")
    result = RUN.invoke(main, ["validate", str(broken)])
    assert result.exit_code == 1
    assert f"{broken}:1:1: missing required key 'cards'" in result.output


SHARE = "game: Share\n" + FOUR_RANKS_HEAD + "deal: 4 each\n" + FOLLOW_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: share
      to: each_seat
      points: 12 / tricks(it)
"""


def test_validate_plays_random_deals_and_reports_a_failure_at_its_rule(tmp_path):
    """The file is sound on paper, but a seat that takes no trick divides by zero: validate
    deals random deals of every file it accepts and reports the failure at the award."""
    path = tmp_path / "share.yaml"
    path.write_text(SHARE, encoding="utf-8")
    result = RUN.invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    first, quoted, marker, hint, total = result.output.splitlines()
    assert first.startswith(f"{path}:16:15: a random deal (seed 'validate:") and \
        first.endswith("stops: division by zero")
    assert (quoted, marker) == ("          points: 12 / tricks(it)", "                  ^^^^^^^^^^^^^^^")
    assert hint == "    hint: validate plays random deals of every file it accepts"
    assert total == "1 problem(s) in 1 file(s)"
    sound = tmp_path / "sound.yaml"
    sound.write_text(SHARE.replace("12 / tricks(it)", "12 / (tricks(it) + 1)"), encoding="utf-8")
    assert RUN.invoke(main, ["validate", str(sound)]).output == f"{sound}: ok\n"


def test_simulate_is_reproducible_and_writes_records(tmp_path):
    args = ["simulate", "aluette", "-n", "30", "--seed", "4", "--players", "greedy,random,random,random"]
    first = RUN.invoke(main, args + ["--record", str(tmp_path / "a.jsonl")])
    second = RUN.invoke(main, args + ["--record", str(tmp_path / "b.jsonl")])
    assert first.exit_code == 0, first.output
    assert first.output.replace("a.jsonl", "b.jsonl") == second.output
    assert first.output.endswith(f"\nrecords: 30 written to {tmp_path / 'a.jsonl'}\n")
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert len((tmp_path / "a.jsonl").read_text().splitlines()) == 30
    assert "30 matches (150 deals" in first.output
    other = RUN.invoke(main, ["simulate", "aluette", "-n", "30", "--seed", "5"])
    assert other.output != first.output


def test_replay_of_simulated_records(tmp_path):
    path = tmp_path / "r.jsonl"
    RUN.invoke(main, ["simulate", "aluette", "-n", "3", "--record", str(path)])
    result = RUN.invoke(main, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.count("5 deal(s) replayed") == 3


def test_replay_exits_1_when_the_stated_result_differs(tmp_path):
    path = tmp_path / "r.jsonl"
    RUN.invoke(main, ["simulate", "aluette", "-n", "1", "--record", str(path)])
    record = json.loads(path.read_text())
    record["deals"][0]["result"]["teams"] = [7, 7]
    path.write_text(json.dumps(record) + "\n")
    result = RUN.invoke(main, ["replay", str(path)])
    assert result.exit_code == 1
    assert "deal 1: the record says" in result.output


def test_errors_are_one_line_without_traceback(tmp_path):
    for args in (["simulate", "nosuchgame"], ["replay", str(tmp_path / "missing.json")],
                 ["simulate", "aluette", "--players", "random,wizard,random,random"]):
        result = RUN.invoke(main, args)
        assert result.exit_code == 1
        assert "Traceback" not in result.output
        assert result.output.startswith("atout: ")


def test_play_rejects_illegal_input_and_never_shows_other_hands():
    moves = "\n".join(["help", "nonsense", "3O"] + ["help"] * 3 + ["quit"]) + "\n"
    result = RUN.invoke(main, ["play", "aluette", "--seat", "0", "--seed", "2"], input=moves)
    assert result.exit_code == 0, result.output
    assert "not allowed: 'nonsense' names no action or card" in result.output
    assert "your hand:" in result.output and "You left the table." in result.output
    assert "seat 1's hand" not in result.output


def test_play_a_whole_match_by_always_playing_the_first_legal_card():
    game = interpreter.load("aluette")
    typed = _first_cards(game, 2, "3")
    assert len(typed) == 5 * 9
    result = RUN.invoke(main, ["play", "aluette", "--seat", "2", "--seed", "3"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0
    assert "not allowed" not in result.output
    assert result.output.count("deal over:") == 5
    assert "match over:" in result.output


def _first_cards(game, seat, seed):
    from interpreter.players.registry import make_player

    others = {s: make_player("greedy", f"{seed}:{s}") for s in range(4) if s != seat}
    match = game.new_match(seed=seed)
    typed = []
    while not match.is_over:
        state = match.next_deal()
        while not state.is_over:
            if state.current_player == seat:
                action = state.legal_actions()[0]
                typed.append(action.text.removeprefix("play "))
            else:
                action = others[state.current_player].choose(state)
            state.apply(action)
        match.finish_deal(state)
    return typed


def test_explain_reads_the_rules_back_in_english():
    result = RUN.invoke(main, ["explain", "aluette"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Aluette" and lines[1] == ""
    assert "The cards rank, highest first, whatever their suit: Monsieur (Three of Coins), Madame (Three of Cups)," \
        in result.output
    assert "Nine of Batons and Nine of Swords (equal)" in result.output
    assert "If two cards tie for the win, nobody wins the trick and its leader leads again." in result.output
    assert "The player after the dealer leads the first trick; the winner of each trick leads the next." in lines
    assert "The match is 5 deals; the highest score wins, and equal scores are a draw." in lines
    belote = RUN.invoke(main, ["explain", "belote"]).output
    assert "each player in turn says 'take' (trumps: the suit of the turnup), or passes" in belote
    for path in interpreter.bundled_games():
        run = RUN.invoke(main, ["explain", str(path)])
        text, game = run.output, interpreter.load(path)
        assert run.exit_code == 0
        assert not any(leak in text for leak in ("next(", "suit of(", "team(", "took all", "count(", "deal(s)")), path
        lines = text.splitlines()
        assert lines[0] == game.title and lines[1] == ""
        assert lines.index("PLAYERS") < lines.index("THE CARDS") < lines.index("THE DEAL") < lines.index("PLAY"), path


def test_simulate_on_two_processes_gives_the_same_output_and_records(tmp_path):
    base = ["simulate", "belote", "-n", "12", "--seed", "8", "--players", "greedy,random,greedy,random"]
    one = RUN.invoke(main, base + ["--record", str(tmp_path / "one.jsonl")])
    two = RUN.invoke(main, base + ["-j", "2", "--record", str(tmp_path / "two.jsonl")])
    assert one.exit_code == 0 and two.exit_code == 0, two.output
    assert one.output.replace("one.jsonl", "two.jsonl") == two.output
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()


def test_record_into_a_missing_folder_fails_before_playing(tmp_path):
    target = tmp_path / "no" / "r.jsonl"
    result = RUN.invoke(main, ["simulate", "aluette", "-n", "5", "--record", str(target)])
    assert (result.exit_code, result.output) == (1, f"atout: {target}: cannot write the record: no folder "
                                                    f"'{tmp_path / 'no'}'\n")


def test_an_interrupted_simulation_leaves_no_record_behind(tmp_path, monkeypatch):
    def interrupted(game, count, seed, kinds, single_deals, out, *rest):
        out.write("{}\n")
        raise KeyboardInterrupt

    monkeypatch.setattr("interpreter.simulation.simulate.simulate", interrupted)
    result = RUN.invoke(main, ["simulate", "aluette", "--record", str(tmp_path / "r.jsonl")])
    assert (result.exit_code, result.output) == (130, "atout: interrupted\n")
    assert list(tmp_path.iterdir()) == []


def test_replay_warns_about_a_record_without_fingerprint(tmp_path):
    path = tmp_path / "r.jsonl"
    RUN.invoke(main, ["simulate", "aluette", "-n", "1", "--record", str(path)])
    record = json.loads(path.read_text())
    del record["rules"]
    path.write_text(json.dumps(record) + "\n")
    result = RUN.invoke(main, ["replay", str(path)])
    assert result.exit_code == 0
    assert result.stderr == (f"{path}:1: warning: the record holds no fingerprint of its rules ('rules'); "
                             "it is replayed by the rule file as it is now\n")


def test_replay_of_a_partial_record(tmp_path):
    path = tmp_path / "r.json"
    RUN.invoke(main, ["simulate", "aluette", "-n", "1", "--record", str(path)])
    record = json.loads(path.read_text())
    del record["result"]
    path.write_text(json.dumps(dict(record, deals=record["deals"][:2], partial=True)))
    result = RUN.invoke(main, ["replay", str(path)])
    assert (result.exit_code, result.output) == (0, f"{path}: 2 deal(s) replayed; partial record: "
                                                    "the match is not over\n")


def test_simulate_json_summary_has_95_percent_intervals():
    args = ["simulate", "aluette", "-n", "200", "--seed", "1", "--players", "greedy,random,greedy,random", "--json"]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert (data["matches"], data["deals"], data["draws"]) == (200, 1000, 1)
    north_south = data["sides"][0]
    assert (north_south["side"], north_south["seats"], north_south["wins"]) == ("North-South", [0, 2], 189)
    low, high = north_south["win_rate_95"]
    assert (round(low, 3), round(high, 3)) == (0.904, 0.969)       # Wilson's interval for 189 of 200
    mean_low, mean_high = north_south["mean_score_95"]
    assert mean_low < north_south["mean_score"] == 4.08 < mean_high
    parallel = CliRunner().invoke(main, args + ["-j", "2"])
    assert json.loads(parallel.output) == data                       # the same on two processes
    table = CliRunner().invoke(main, args[:-1])
    assert "North-South  0, 2    189  94.5%    90.4–96.9%        4.08" in table.output


def test_play_skat_at_the_table_bids_holds_picks_up_discards_and_announces():
    """Typed actions of every kind in the first deal of a Skat match, then leave the table."""
    from interpreter.players.registry import make_player

    game = interpreter.load("skat")
    seat, seed = 0, "4"
    others = {s: make_player("greedy", f"{seed}:{s}") for s in range(3) if s != seat}
    match = game.new_match(seed=seed)
    state = match.next_deal()
    typed = []
    while not state.is_over:
        if state.current_player == seat:
            legal = [a.text for a in state.legal_actions()]
            text = "bid 18" if "bid 18" in legal else "hold" if "hold" in legal else \
                "pick up" if "pick up" in legal else legal[0]
            typed.append(text)
            state.apply(text)
        else:
            state.apply(others[state.current_player].choose(state))
    result = RUN.invoke(main, ["play", "skat", "--seat", "0", "--seed", seed], input="\n".join(typed + ["quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "not allowed" not in result.output
    assert "deal over:" in result.output and "You left the table." in result.output
    # rearhand (the dealer is seat 0) outbids the greedy players, takes up the skat, discards, names clubs
    assert typed[:7] == ["bid 23", "bid 24", "bid 27", "pick up", "discard 9C", "discard 7C", "clubs"]
    assert "seat 0: clubs" in result.output or "you: clubs" in result.output


def _typed_first_legal(game_name: str, seat: int, seed: str) -> tuple[list[str], list]:
    """What a person types who always takes the first legal action, and each deal's result."""
    from interpreter.players.registry import make_player

    game = interpreter.load(game_name)
    others = {s: make_player("greedy", f"{seed}:{s}") for s in range(game.players) if s != seat}
    match = game.new_match(seed=seed)
    typed, results = [], []
    while not match.is_over:
        state = match.next_deal()
        while not state.is_over:
            if state.current_player == seat:
                action = state.legal_actions()[0]
                typed.append(action.text)
            else:
                action = others[state.current_player].choose(state)
            state.apply(action)
        results.append(match.finish_deal(state))
    return typed, results


def test_play_shows_how_each_deal_was_decided_for_every_side():
    typed, results = _typed_first_legal("belote", 0, "5")
    result = RUN.invoke(main, ["play", "belote", "--seat", "0", "--seed", "5"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    final = results[-1]
    north, east = final.breakdown["teams"]
    tricks = final.facts["tricks"]
    assert f"  North-South: {north['tricks']} tricks (you {tricks[0]}, seat 2 {tricks[2]}), " \
           f"{north['card_points']} card points; scores {north['score']}" in result.output
    assert f"  East-West: {east['tricks']} tricks (seat 1 {tricks[1]}, seat 3 {tricks[3]}), " \
           f"{east['card_points']} card points; scores {east['score']}" in result.output
    assert f"takers: East-West; takers' total: {east['score']}; defenders' total: {north['score']}; " \
           "contract made: yes" in result.output           # the rule file's facts, under its labels
    assert "total(" not in result.output and "capot:" not in result.output   # no let, and no value that is none
    assert "table: turnup to seat 1: 7S" in result.output     # seat 1 took before seat 0 spoke
    assert result.output.rstrip().endswith("match over: East-West wins")


def test_play_names_a_winning_seat_in_english_and_counts_down():
    typed, results = _typed_first_legal("sixty-six", 0, "2")
    result = RUN.invoke(main, ["play", "sixty-six", "--seat", "0", "--seed", "2"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("deal over:") == len(results)
    assert "match score (deal points come off): you " in result.output
    assert "  you: " in result.output and "  seat 1: " in result.output
    assert result.output.rstrip().endswith(("match over: you win", "match over: seat 1 wins"))


def test_ctrl_d_or_ctrl_c_in_play_exits_non_zero():
    ended = RUN.invoke(main, ["play", "aluette", "--seat", "0", "--seed", "2"], input="")
    assert ended.exit_code == 1 and "You left the table." in ended.output
    quit_ = RUN.invoke(main, ["play", "aluette", "--seat", "0", "--seed", "2"], input="quit\n")
    assert quit_.exit_code == 0


def test_list_shows_each_games_about():
    output = RUN.invoke(main, ["list"]).output
    assert "Belote: 4 players, 2 teams, 32 cards, one deal a match" in output
    assert "Aluette: 4 players, 2 teams, 48 cards, 5 deals a match" in output
    assert "             Four players in two partnerships, 32 cards." in output
    assert "deal(s)" not in output


def test_play_takes_back_a_card_chosen_before_the_choice_is_complete():
    state = interpreter.load("hearts").new_match(seed="4").next_deal()
    card = state.game.deck.codes[min(bits(state.hands[0]))]
    result = RUN.invoke(main, ["play", "hearts", "--seat", "0", "--seed", "4"], input=f"back\n{card}\n?\nback\nquit\n")
    said = result.output
    assert "nothing to take back: only a card chosen for a choice not yet complete comes back" in said
    assert "'back' takes back the last card chosen" in said
    give = next(a.text for a in state.game.actions if a.kind == "give" and a.card == min(bits(state.hands[0])))
    assert f"taken back: {give}" in said
    assert said.index("nothing to take back") < said.index("'back' takes back") < said.index("taken back:")


def test_play_says_which_rule_refuses_a_card_and_asks_again():
    """A card that does not follow: the terminal quotes the follow clause that refuses it."""
    from interpreter.players.registry import make_player

    game = interpreter.load("belote")
    for seed in map(str, range(40)):
        others = {s: make_player("greedy", f"{seed}:{s}") for s in range(1, 4)}
        state = game.new_match(seed=seed).next_deal()
        typed = []
        while not state.is_over:
            if state.current_player != 0:
                state.apply(others[state.current_player].choose(state))
                continue
            legal = state.legal_actions()
            refused = [a for a in game.by_kind["play"] if state.hands[0] >> a.card & 1 and a not in legal]
            if state.trick and refused:
                break
            typed.append(legal[0].text)
            state.apply(legal[0])
        else:
            continue
        break
    why = state.why_refused(refused[0])
    assert why.rule[:2] == ("play", "follow")
    result = RUN.invoke(main, ["play", "belote", "--seat", "0", "--seed", seed],
                        input="\n".join(typed + [refused[0].text, "quit"]) + "\n")
    assert f"not allowed: {why}" in result.output
    assert "the follow rules (clause " in result.output and "play from: " in result.output


def test_numbers_are_ascii_digits_or_a_usage_error():
    """``²`` and ``٣`` pass ``str.isdigit()``; the first broke ``int()`` with a traceback and the
    second was read as 3. Each must be refused in one line: a usage error for an option, the
    player's own message for a player spec."""
    for bad in ("²", "٣", "1" * 5000):
        for args, refusal in ((["simulate", "aluette", "-n", bad], "is not a whole number written with the digits"),
                              (["play", "aluette", "--seat", bad], "is not a whole number written with the digits"),
                              (["simulate", "aluette", "-n", "1", "--players", f"sampling:{bad}"],
                               "sampling takes a number of worlds (1 to 10000"),
                              (["simulate", "aluette", "-n", "1", "--players", f"ismcts:{bad}ms"],
                               "ismcts takes a number of iterations")):
            result = RUN.invoke(main, args, input="quit\n")
            assert isinstance(result.exception, SystemExit) and result.exit_code in (1, 2), (args, result.exception)
            assert refusal in result.output and len(result.output.strip().splitlines()) <= 4, (args, result.output)


def test_a_seed_in_other_digits_or_too_long_is_a_text_seed():
    def deals(seed: str) -> dict:
        result = RUN.invoke(main, ["simulate", "aluette", "-n", "3", "--seed", seed, "--json"])
        assert result.exit_code == 0, result.output
        return {k: v for k, v in json.loads(result.output).items() if k != "seed"}

    assert deals("٣") != deals("3")          # not read as 3
    assert deals("1" * 5000) == deals("1" * 5000)


def test_play_with_its_standard_input_closed_ends_as_at_the_end_of_input():
    import os
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "play", "aluette", "--seed", "2"],
                            capture_output=True, text=True, timeout=60, preexec_fn=lambda: os.close(0))
    assert result.returncode == 1, result.stderr
    assert "You left the table." in result.stderr and "RuntimeError" not in result.stderr + result.stdout


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    import os

    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def test_sigterm_stops_a_simulation_as_ctrl_c_does(tmp_path):
    """kill, timeout or a cancelled CI job: no temporary file is left, no worker orphaned."""
    import os
    import signal
    import subprocess
    import sys
    import time

    log = (tmp_path / "stderr").open("w")
    run = subprocess.Popen([sys.executable, "-c", "import cli; cli.main()", "simulate", "belote", "-n", "1000000",
                            "-j", "2", "--record", str(tmp_path / "r.jsonl"), "--out", str(tmp_path / "d.csv")],
                           stderr=log, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(_children(run.pid)) < 2 or len(list(tmp_path.glob(".*.tmp"))) < 2:
        assert time.monotonic() < deadline and run.poll() is None, "the simulation did not start its workers"
        time.sleep(0.1)
    workers = _children(run.pid)
    run.send_signal(signal.SIGTERM)
    assert run.wait(30) == 130
    time.sleep(0.5)
    assert [p.name for p in tmp_path.iterdir()] == ["stderr"]
    assert not [w for w in workers if os.path.exists(f"/proc/{w}") and open(f"/proc/{w}/stat").read().split()[2] != "Z"]
    assert (tmp_path / "stderr").read_text() == "atout: interrupted\n"


def test_play_level_expert_seats_the_strongest_player_with_200_ms_a_decision(monkeypatch):
    from interpreter.players import registry
    asked = []
    real = registry.make_player
    monkeypatch.setattr(registry, "make_player", lambda spec, seed: asked.append(spec) or real("greedy", seed))
    result = RUN.invoke(main, ["play", "aluette", "--seat", "0", "--seed", "2", "--level", "expert"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert asked == ["best:200ms"] * 3
    assert "expert (best:200ms)" in RUN.invoke(main, ["play", "--help"]).output
    assert all(real(spec, "1") is not None for spec in LEVELS.values())
