"""A roster's bracketed posts stay with their own names, and only a post held counts.

"Present: Regula Stäheli (president), Beat Nüesch (treasurer), 18 members" under a club's
title says that Beat Nüesch is the club's treasurer: a count of the unnamed others keeps
the line a list. A post noted as not held ("emeritus", "honorary", "retired", "trainee",
"-elect") gives none, and a title of two bodies gives no one's. Examples are our own;
names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")
MINUTES = (
    "Schützenverein Hinterwil – AGM, 14 March 2026\n"
    "Present: Regula Stäheli (president), Beat Nüesch (treasurer), 18 members\n"
    "- Annual fee stays at CHF 120."
)


def test_a_count_of_others_keeps_a_list_a_list() -> None:
    assert decide_write("Beat Nüesch is the treasurer of Schützenverein Hinterwil.", MINUTES).verdict in ADMIT
    assert decide_write("Regula Stäheli is the president.", MINUTES).verdict in ADMIT
    # Each post stays with its own name.
    assert decide_write("Regula Stäheli is the treasurer.", MINUTES).verdict not in ADMIT
    assert decide_write("Beat Nüesch is the president.", MINUTES).verdict not in ADMIT
    assert (
        decide_write("Regula Stäheli is the treasurer of Schützenverein Hinterwil.", MINUTES).verdict
        not in ADMIT
    )


@pytest.mark.parametrize(
    "note",
    [
        "president emeritus",
        "honorary president",
        "president, retired",
        "president-elect",
        "trainee president",
        "acting president",
    ],
)
def test_a_post_not_held_as_such_is_no_post(note: str) -> None:
    minutes = MINUTES.replace("Regula Stäheli (president)", f"Regula Stäheli ({note})")
    claim = "Regula Stäheli is the president of Schützenverein Hinterwil."
    assert decide_write(claim, minutes).verdict not in ADMIT
    assert decide_write(claim, MINUTES).verdict in ADMIT  # the control: the post itself


def test_a_title_of_two_bodies_gives_no_ones_post() -> None:
    joint = MINUTES.replace(
        "Schützenverein Hinterwil – AGM", "Schützenverein Hinterwil & Frauenchor Hinterwil – joint meeting"
    )
    assert (
        decide_write("Beat Nüesch is the treasurer of Schützenverein Hinterwil.", joint).verdict not in ADMIT
    )
    firm = MINUTES.replace("Schützenverein Hinterwil – AGM", "Sanna & Figli – board meeting")
    assert decide_write("Beat Nüesch is the treasurer of Sanna & Figli.", firm).verdict in ADMIT
