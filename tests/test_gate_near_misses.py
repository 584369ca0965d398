"""Near misses a red team wrote against this round's readings, each beside its supported twin.

Each case is one claim over two evidences that differ in the one thing the near miss is
about (a copied reader, a called-off meeting, another time): the first must admit the claim
and the second refuse it, so neither a gate that admits everything nor one that refuses
everything passes. Names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write

ADMIT = ("ACCEPT", "RESCUE")
ROSTER = "\nPresent: Ines Varga, Pal Hegedus"
LETTER = "Hi Benedikt,\n{}\nMarit"
CV = "Priit Ojaste\nExperience\n{}\n2021–present: Chief engineer, Saare Liinid"
RANGES = (
    "2016 to 2021: Second engineer, Kuressaare Laevad",
    "Jan 2016 – Dec 2021: Second engineer, Kuressaare Laevad",
    "Second engineer, Kuressaare Laevad (2016–2021)",
    "03/2016 – 06/2021: Second engineer, Kuressaare Laevad",
    "2016–2021: Second engineer, Kuressaare Laevad",
)

CASES = [  # (claim, evidence that supports it, near-miss evidence)
    # A letter's "you": one reader, greeted once, not copied, quoted, relayed or called by name.
    ("Benedikt is on call Saturday.", LETTER.format("You're on call Saturday."),
     LETTER.format("Anton, you're on call Saturday.")),
    ("Benedikt is on call Saturday.", LETTER.format("You're on call Saturday."),
     "Hi Benedikt,\nHi Anton,\nYou're on call Saturday.\nMarit"),
    ("Benedikt is on call Saturday.", LETTER.format("You're on call Saturday."),
     "Hi Benedikt, (cc Anton)\nYou're on call Saturday.\nMarit"),
    ("Benedikt Arnesen is on call Saturday.", "Hi Benedikt Arnesen,\nYou're on call Saturday.\nMarit",
     "To: Benedikt Arnesen\nCc: Anton Lusk\nYou're on call Saturday.\nMarit"),
    ("Benedikt is the new shift lead from Monday.", LETTER.format("You're the new shift lead from Monday."),
     LETTER.format("Anton wrote to me: you're the new shift lead from Monday.")),
    ("Bo was offered the post of site engineer.",
     "Hi Bo,\n\nWe are pleased to offer you the post of site engineer.\n\nOdile",
     "Hi Bo,\nFYI, this went to Anton yesterday:\n\nWe are pleased to offer you the post of site engineer."
     "\n\nOdile"),
    ("Benedikt gets a fuel card.", LETTER.format("You get a fuel card from Monday."),
     LETTER.format("As a driver at Brix you get a fuel card.")),
    ("Benedikt approved the budget.", LETTER.format("Thanks for approving the budget yesterday."),
     LETTER.format("Thanks for approving the budget when you get a chance.")),
    ("Benedikt approved the budget.", LETTER.format("Thanks for approving the budget yesterday."),
     LETTER.format("Thanks for asking Lena Holm to approve the budget.")),
    # A roster's title line says whose meeting and when only as the held meeting's title.
    ("Pal Hegedus attended the Orla Foods weekly standup.", "Weekly standup — Orla Foods" + ROSTER,
     "Weekly standup — Orla Foods / Brix Ltd joint" + ROSTER),
    ("Pal Hegedus attended the board meeting on 12 February.", "Board meeting — Tromsø, 12 February" + ROSTER,
     "Board meeting — Tromsø, 12 February — CANCELLED" + ROSTER),
    ("Pal Hegedus attended the board meeting on 19 March.", "Board meeting, Tromsø, 19 March" + ROSTER,
     "Board meeting, Tromsø, Next meeting 19 March" + ROSTER),
    ("Pal Hegedus attended the Orla Foods planning meeting.", "Planning meeting — Orla Foods" + ROSTER,
     "Planning meeting — Orla Foods takeover" + ROSTER),
    ("Pal Hegedus attended the supplier call on 19 March.", "Supplier call, 19 March" + ROSTER,
     "Orla Foods — 5 March" + ROSTER + "\n- Supplier call, 19 March: Ines to lead"),
    # A scheduled present says the claim's time as the will-clause writes it.
    ("The Arles depot is closed on Friday 14 March.", "The Arles depot will be closed on Friday 14 March.",
     "The Arles depot will be closed until Friday 14 March."),
    ("The Arles depot is closed on Friday.", "The Arles depot will be closed on Friday.",
     "The Arles depot will be closed on Friday mornings."),
    ("Ines Mabry takes over the Arles route on 1 October.",
     "Ines Mabry will take over the Arles route on 1 October.",
     "Ines Mabry will take over the Arles route after Sam Holt leaves on 1 October."),
    # A predicate joined with no subject of its own is its clause subject's.
    ("Ola Lind has been head of the unit since 2019.",
     "Ada Musa trained with Ola Lind, who has been head of the unit since 2019.",
     "Ada Musa trained with Ola Lind, and has been head of the unit since 2019."),
    ("Ola Lind runs the unit.", "Ada Musa trained with Ola Lind, and Ola Lind now runs the unit.",
     "Ada Musa trained with Ola Lind, and now runs the unit."),
    ("Ola Lind led the unit.", "Ada Musa hired Ola Lind, who then led the unit.",
     "Ada Musa hired Ola Lind, then led the unit."),
    # A deed under way, begun or going on is not done, nor is its converse.
    ("Lena Holm bought the van.", "Sam Holt sold the van to Lena Holm.",
     "Sam Holt is selling the van to Lena Holm."),
    ("Sam Holt sold the van to Lena Holm.", "Sam Holt sold the van to Lena Holm last week.",
     "Sam Holt has been selling the van to Lena Holm."),
    ("Sam Holt painted the fence.", "Sam Holt finished painting the fence on Monday.",
     "Sam Holt started painting the fence on Monday."),
    # A hope is no fact, and what stopped is not going on.
    ("Benedikt Arnesen is the new shift lead.", "Benedikt Arnesen is the new shift lead from June.",
     "I hope Benedikt Arnesen is the new shift lead by June."),
    ("Sam Holt is writing the report.", "Sam Holt is still writing the report.",
     "Sam Holt stopped writing the report in May."),
    # A past progressive held then; a present perfect one holds still.
    ("Priit Ojaste works at Kuressaare Laevad.",
     "Priit Ojaste has been working at Kuressaare Laevad since 2019.",
     "Priit Ojaste was working at Kuressaare Laevad when the ferry sank."),
]


@pytest.mark.parametrize(("claim", "supported", "near_miss"), CASES)
def test_near_miss_refused_beside_its_twin(claim: str, supported: str, near_miss: str) -> None:
    assert decide_write(claim, supported).verdict in ADMIT, supported
    assert decide_write(claim, near_miss).verdict not in ADMIT, near_miss


@pytest.mark.parametrize("line", RANGES)
def test_a_closed_range_is_no_current_post(line: str) -> None:
    evidence = CV.format(line)
    assert decide_write("Priit Ojaste was a second engineer.", evidence).verdict in ADMIT
    assert decide_write("Priit Ojaste is a chief engineer.", evidence).verdict in ADMIT
    assert decide_write("Priit Ojaste is a second engineer.", evidence).verdict not in ADMIT
