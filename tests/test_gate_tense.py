"""What happened is not put in the future, while an instruction keeps its future.

"Aino Repo just got promoted" does not support "Aino Repo will be promoted"; "Repo to
order the badges" (minutes) and "Actions: Aino Repo - order the badges" support "Aino
Repo is to order the badges", not "Aino Repo ordered the badges". Examples are our own.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")

# (code, evidence, refused claim, admitted claim)
PAIRS = [
    (
        "temporal_shifted",
        "lol Aino Repo just got promoted to shift lead at Kuura Foods, drinks on her",
        "Aino Repo will be promoted to shift lead at Kuura Foods.",
        "Aino Repo got promoted to shift lead at Kuura Foods.",
    ),
    (
        "temporal_shifted",
        "Lumo Oy opened a repair shop in Oulu in 2023.",
        "Lumo Oy will open a repair shop in Oulu.",
        "Lumo Oy opened a repair shop in Oulu.",
    ),
    # Write gate 3.96: a state begun later is not held now; a thing given up is not used now.
    (
        "temporal_shifted",
        "aino repo starts at the kuura clinic next month, shes working out her notice rn",
        "Aino Repo works at the Kuura clinic.",
        "Aino Repo starts at the Kuura clinic next month.",
    ),
    (
        "temporal_shifted",
        "Clinic note, 4 Feb. Mrs Aino Repo, 70. Stopped warfarin on 2 Jan (switched to apixaban 5 mg"
        " twice daily).",
        "Aino Repo takes warfarin.",
        "Aino Repo takes apixaban.",
    ),
    # Write gate 3.109: a chat label's bracketed date is when the message was written.
    (
        "temporal_shifted",
        "lena dahl (mon 9 mar): my cousin ruth brisk starts at the orrin bank on the 16th, so a week"
        " from today",
        "Ruth Brisk started at the Orrin bank on 9 March.",
        "Ruth Brisk starts at the Orrin bank on the 16th.",
    ),
    # Write gate 3.101: a sentence that opens dated to a past year gives its titles then.
    (
        "temporal_shifted",
        "In 1998, Mayor Tibor Vask opened the Orrin bridge.",
        "Tibor Vask is the mayor.",
        "Tibor Vask opened the Orrin bridge in 1998.",
    ),
    (
        "temporal_shifted",
        "In 1998, Tibor Vask, the mayor, opened the Orrin bridge.",
        "Tibor Vask is the mayor.",
        "Tibor Vask opened the Orrin bridge in 1998.",
    ),
    (
        "modality_dropped",
        "Minutes, 3 May\n- Aino Repo to order the new badge readers.",
        "Aino Repo ordered the new badge readers.",
        "Aino Repo is to order the new badge readers.",
    ),
]


def test_a_message_date_is_the_days_own_when_the_message_says_today() -> None:
    """ "(mon 9 mar): ... started at the bank today" does date the start."""
    evidence = "lena dahl (mon 9 mar): my cousin ruth brisk started at the orrin bank today"
    assert decide_write("Ruth Brisk started at the Orrin bank on 9 March.", evidence).verdict in ADMIT


def test_a_closing_year_or_since_dates_no_title() -> None:
    """ "mayor since 1998" and "now the mayor" hold now, and a closing "in 2019" dates its
    own verb only."""
    since = "Tibor Vask, mayor since 1998, opened the bridge."
    assert decide_write("Tibor Vask is the mayor.", since).verdict in ADMIT
    now = "In 1998, Tibor Vask, now the mayor, opened the Orrin bridge."
    assert decide_write("Tibor Vask is the mayor.", now).verdict in ADMIT
    evidence = "Orrin Mills bought Kelda Wool, a yarn dyer in Brisk, in 2019."
    assert decide_write("Kelda Wool is a yarn dyer in Brisk.", evidence).verdict in ADMIT


@pytest.mark.parametrize(("code", "evidence", "refused", "admitted"), PAIRS)
def test_refused_and_admitted(code: str, evidence: str, refused: str, admitted: str) -> None:
    """The near-miss is refused with its reason; the faithful claim is admitted."""
    no = decide_write(refused, evidence)
    assert no.verdict == "REJECT" and no.refusal is not None, no
    assert no.refusal.code == code, no.refusal
    yes = decide_write(admitted, evidence)
    assert yes.verdict in ADMIT, yes.refusal


def test_a_stated_future_is_kept() -> None:
    """ "won't" and "is going to" state the future too."""
    won_t = "Lumo Oy won't open a shop in Oulu."
    assert decide_write("Lumo Oy will not open a shop in Oulu.", won_t).verdict in ADMIT
    ev = "Lumo Oy is going to open a shop in Oulu."
    assert decide_write("Lumo Oy will open a shop in Oulu.", ev).verdict in ADMIT


def test_an_action_list_is_still_to_do() -> None:
    """Items under "Actions:" are to be done, on the header's line or the lines after."""
    for ev in (
        "Sync, 2 May\nActions: (1) Aino Repo — book the hall; (2) Eino Saari — confirm catering.",
        "Sync, 2 May\nActions:\n- Aino Repo — book the hall\n- Eino Saari — confirm catering",
    ):
        no = decide_write("Eino Saari confirmed the catering.", ev)
        assert no.refusal is not None and no.refusal.code == "modality_dropped", (ev, no)
        assert decide_write("Eino Saari is to confirm catering.", ev).verdict in ADMIT, ev


def test_the_dated_post_check_is_named_when_it_refuses() -> None:
    """The decision's last check is the one that refused: 'dated_post', not the one before."""
    no = decide_write("Tibor Vask is the mayor.", "In 1998, Mayor Tibor Vask opened the Orrin bridge.")
    assert no.verdict == "REJECT" and no.checks[-1] == "dated_post", no.checks
    yes = decide_write("Tibor Vask is the mayor.", "Tibor Vask, mayor since 1998, opened the bridge.")
    assert yes.verdict in ADMIT and "dated_post" in yes.checks
