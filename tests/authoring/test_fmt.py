"""`atout fmt`: the bundled files are canonical, formatting is idempotent, keeps comments and
never changes what a file means (the compiled game plays the same deals the same way)."""
from __future__ import annotations

import dataclasses
from pathlib import Path
import random

from click.testing import CliRunner
import pytest

import interpreter
from cli import main
from interpreter.authoring.fmt import FormatError, _same_rules, format_text, respace
from interpreter.language.source import parse_yaml

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted((ROOT / "games").glob("*.yaml"))
BROKEN = sorted((ROOT / "tests" / "broken").glob("*.yaml"))
WHIST = (ROOT / "games" / "whist.yaml").read_text(encoding="utf-8")
# (canonical line, the same line written carelessly)
MESS = [("  lead: next(dealer)", "  lead: next ( dealer )"),
        ("  honour_cards: trumps and (A or K or Q or J)", "  honour_cards: trumps  and (A or K or Q or J )  "),
        ("    then: standing(it) + trick_points(it) + honour_points(it)",
         "    then: standing(it)+trick_points(it) +honour_points(it)"),
        ("order: A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4 > 3 > 2", "order: A>K>Q>J > 10>9 > 8 > 7 > 6 > 5 > 4 > 3 > 2"),
        ("deal: 11 x (1 each), 2 each but dealer 1, 1 to turnup", "deal: 11 x(1 each) ,2 each but dealer 1,1 to turnup"),
        ("players: 4", "players: 4   "), ("cards:", "\n \ncards:"),
        ("  until: max_score() >= 5", "  until: max_score ()>=5")]


def _messy() -> str:
    """Whist written carelessly; comments stay in their columns, as fmt keeps them."""
    lines = WHIST.split("\n")
    for canonical, careless in MESS:
        row = next(i for i, line in enumerate(lines) if line.startswith(canonical))
        line = lines[row]
        comment = line.find("#", len(canonical) - 1)
        if comment >= 0:
            careless = careless.ljust(comment - 1) + " " + line[comment:]
        else:
            careless += line[len(canonical):]
        lines[row] = careless
    return "\r\n".join(lines) + "\r\n\r\n"


def _parses(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8")
        parse_yaml(text, str(path))
    except (UnicodeDecodeError, interpreter.RuleFileError):
        return None
    return text


def _plays(game: interpreter.Game, deals: int = 25) -> list:
    """What random players meet in seeded deals: every legal action list and every result."""
    seen = []
    for seed in range(deals):
        rng = random.Random(seed)
        state = game.new_deal(seed=seed, dealer=seed % game.players)
        while not state.is_over:
            legal = state.legal_actions()
            seen.append([a.text for a in legal])
            state.apply(rng.choice(legal))
        seen.append(state.result())
    return seen


def _shape(value: object) -> object:
    """A value with its functions (compiled rules) left out, to compare structures."""
    if callable(value):
        return "rule"
    if dataclasses.is_dataclass(value):
        return type(value).__name__, [_shape(getattr(value, f.name)) for f in dataclasses.fields(value)]
    if isinstance(value, (tuple, list)):
        return [_shape(v) for v in value]
    return value


def _same_game(before: str, after: str, name: str) -> None:
    old_problems, old = interpreter.problems_in_source(parse_yaml(before, name))
    new_problems, new = interpreter.problems_in_source(parse_yaml(after, name))
    assert [(p.message, p.hint, p.line) for p in new_problems] == [(p.message, p.hint, p.line) for p in old_problems]
    assert (old is None) == (new is None)
    if old is not None:
        assert new.actions == old.actions and new.deck == old.deck and _shape(new.deal_plan) == _shape(old.deal_plan)
        assert (new.players, new.teams, new.pile_names, new.hand_size) == (old.players, old.teams, old.pile_names,
                                                                          old.hand_size)
        assert _plays(new) == _plays(old)


def test_bundled_files_are_canonical() -> None:
    result = CliRunner().invoke(main, ["fmt", "--check", *map(str, BUNDLED)])
    assert result.exit_code == 0, result.output
    assert result.output == f"would reformat 0 of {len(BUNDLED)} file(s)\n"


def test_careless_layout_comes_back_to_the_bundled_one() -> None:
    """Spacing in expressions, trailing spaces, blank lines, CRLF: all undone, comments kept
    (the order line's comment keeps its column)."""
    assert format_text(_messy(), "whist.yaml") == WHIST


def test_formatting_keeps_the_game(tmp_path: Path) -> None:
    messy = _messy()
    _same_game(messy, format_text(messy, "whist.yaml"), "whist.yaml")


def test_format_respaces_a_quoted_rule_string():
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    assert "      when: winner != none and not mordienne\n" in text
    careless = text.replace("      when: winner != none and not mordienne\n",
                            "      when: \"winner!=none and not mordienne\"\n")
    careless = careless.replace("      when: mordienne\n", "      when: 'mordienne'\n")
    formatted = format_text(careless)
    assert "      when: \"winner != none and not mordienne\"\n" in formatted
    assert "      when: 'mordienne'\n" in formatted                  # canonical already: left as it is
    assert formatted.replace('"winner != none and not mordienne"', "winner != none and not mordienne") \
        .replace("'mordienne'", "mordienne") == text


def test_format_leaves_a_plain_rule_string_over_two_lines_alone():
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    careless = text.replace("      when: winner != none and not mordienne\n",
                            "      when: winner!=none and\n        not mordienne\n")
    assert careless != text
    assert format_text(careless) == careless


@pytest.mark.parametrize("path", BUNDLED + [p for p in BROKEN if _parses(p) is not None], ids=lambda p: p.name)
def test_idempotent_and_meaning_kept(path: Path) -> None:
    text = _parses(path)
    once = format_text(text, path.name)
    if once != text:  # (else formatting again is formatting the same text)
        assert format_text(once, path.name) == once
        _same_game(text, once, path.name)


def test_a_list_and_a_text_of_the_same_letters_are_not_the_same_rules():
    assert _same_rules(["a", "b"], "ab", None) is False
    assert _same_rules("ab", ["a", "b"], None) is False
    assert _same_rules(["a", "b"], ["a", "b"], None) is True


def test_check_shows_a_diff_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "whist.yaml"
    messy = _messy().replace("\r\n", "\n")
    path.write_text(messy, encoding="utf-8")
    result = CliRunner().invoke(main, ["fmt", "--check", str(path)])
    assert result.exit_code == 1
    assert f"--- a/{path}\n+++ b/{path}\n" in result.output
    assert "\n-  lead: next ( dealer )  " in result.output
    assert "\n+  lead: next(dealer)               # the player" in result.output
    assert path.read_text(encoding="utf-8") == messy
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert result.exit_code == 0 and f"reformatted {path}\n" in result.output
    assert path.read_text(encoding="utf-8") == WHIST
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_a_file_that_does_not_parse_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    original = (ROOT / "tests" / "broken" / "not_yaml.yaml").read_bytes()
    path.write_bytes(original)
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert result.exit_code == 1
    assert f"atout: {path}:12:10: not formatted: YAML: expected ',' or ']', but got ':'\n" in result.output
    assert "Traceback" not in result.output and path.read_bytes() == original
    with pytest.raises(FormatError):
        format_text("a: [b", "x.yaml")


def test_block_scalars_keep_their_trailing_spaces() -> None:
    text = "about: |\n  two spaces  \n\n\n  after blank lines\ngame: x   \n"
    assert format_text(text) == "about: |\n  two spaces  \n\n\n  after blank lines\ngame: x\n"


def test_the_blank_lines_after_a_clipped_block_scalar_are_not_its_text():
    text = "game: X\nabout: |\n  text\n\n\n\nplayers: 2\n"
    assert format_text(text) == "game: X\nabout: |\n  text\n\nplayers: 2\n"


def test_the_blank_lines_after_a_kept_block_scalar_are_its_text():
    text = "game: X\nabout: |+\n  text\n\n\n\nplayers: 2\n"
    assert format_text(text) == text


def test_respace() -> None:
    assert respace("(1/4 if tricks(taker)=0 else -1/4)") == "(1/4 if tricks(taker) = 0 else -1/4)"
    assert respace("count( hand and trumps )>0") == "count(hand and trumps) > 0"
    assert respace("a-  -1") == "a - -1"
    assert respace("not(a) or x - 1/y") == "not (a) or x - 1 / y"
    assert respace("A>K=Q") == "A > K = Q"
    assert respace("it's") is None


@pytest.mark.parametrize("text", ["count(hand)>0\nand x", "a=b\r", "a=b\r\nc"])
def test_respace_leaves_text_of_several_lines_alone(text):
    assert respace(text) is None
    assert respace(text.replace("\r", "").replace("\n", " ")) is not None


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path) -> None:
    target = tmp_path / "real.yaml"
    target.write_text(_messy(), encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(target)
    result = CliRunner().invoke(main, ["fmt", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == target and target.read_text(encoding="utf-8") == WHIST


def test_a_file_with_another_hard_link_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(_messy().encode("utf-8"))
    other = tmp_path / "b.yaml"
    other.hardlink_to(path)
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert result.exit_code == 1
    assert f"atout: {path}: has 2 hard links, which a new file would split: left as it is" in result.output
    assert path.stat().st_ino == other.stat().st_ino and path.read_bytes() == _messy().encode("utf-8")


def test_a_read_only_file_is_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "ro.yaml"
    path.write_bytes(_messy().encode("utf-8"))
    path.chmod(0o444)
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert result.exit_code == 1 and f"atout: {path}: read-only: left as it is" in result.output
    assert path.read_bytes() == _messy().encode("utf-8") and path.stat().st_mode & 0o777 == 0o444


def test_an_edit_saved_while_fmt_runs_is_kept(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "edited.yaml"
    path.write_bytes(_messy().encode("utf-8"))
    import interpreter.authoring.fmt as fmt

    real = fmt.format_text

    def format_while_an_editor_saves(text: str, name: str) -> str:
        path.write_bytes(_messy().encode("utf-8") + b"# saved meanwhile\n")
        return real(text, name)

    monkeypatch.setattr(fmt, "format_text", format_while_an_editor_saves)
    result = CliRunner().invoke(main, ["fmt", str(path)])
    assert result.exit_code == 1 and "changed since atout fmt read it: left as it is" in result.output
    assert path.read_bytes() == _messy().encode("utf-8") + b"# saved meanwhile\n"
