"""`atout simulate` as a person reads it: who wins, counted by the sides the game forms, and
only the facts the rule file shows players."""
from __future__ import annotations

from click.testing import CliRunner

from cli import main

RUN = CliRunner()


def test_french_tarot_has_no_draws_and_reports_the_attacks_and_the_defences_wins():
    result = RUN.invoke(main, ["simulate", "french-tarot", "-n", "40", "--seed", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    draws = next(line for line in lines if line.startswith("draws"))
    assert draws.split()[1:3] == ["0", "0.0%"]
    at = lines.index(next(line for line in lines if line.startswith("deals won by")))
    won = {line.split()[0]: int(line.split()[1]) for line in lines[at + 1:at + 4]}
    assert set(won) == {"attack", "defence", "equal"} and won["attack"] + won["defence"] == 40 and won["equal"] == 0
    facts = lines[lines.index("facts of the played deals (95% interval):") + 1:]
    names = {line.split("  ")[0] for line in facts if line and not line.startswith(" ")}
    for internal in ("bout_trick", "contract_gain", "chelem_gain", "handful", "kept", "takers", "defenders"):
        assert internal not in names, internal
    assert {"bouts", "card points needed", "card points taken", "contract made"} <= names
