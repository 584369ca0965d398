"""A letter's "you" is the one person its greeting names.

"Dear Mr Sauter, We are pleased to offer you the post" says Mr Sauter was offered the post;
"Thank you for approving the budget" says the reader approved it. Each admitted claim is
paired with a near miss over the same letter: another person, another amount, a request
read as done, a reader no single greeting names. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import decide_write
from affidavit.gates.write_writer import addressed_rewrites, past_of_ing

ADMIT = ("ACCEPT", "RESCUE")
OFFER = (
    "Dear Mr Sauter,\n\nWe are pleased to offer you the post of site engineer at our Linz depot, "
    "starting 1 March 2026, at a monthly salary of EUR 4,200. Please reply by 10 February.\n\n"
    "Yours sincerely,\nDr Odile Perrault\nHead of Engineering"
)
THANKS = (
    "Hi Benedikt,\nThanks for covering my shifts last week. Could you send me the rota for May? "
    "You're the new shift lead from Monday, Oskar tells me.\nCheers,\nMarit"
)


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (OFFER, "Mr Sauter was offered a monthly salary of EUR 4,200.",
         "Mr Sauter was offered a monthly salary of EUR 4,800."),
        (OFFER, "Mr Sauter was offered the post of site engineer.",
         "Mr Sauter accepted the post of site engineer."),
        (THANKS, "Benedikt covered Marit's shifts last week.", "Oskar covered Marit's shifts last week."),
        (THANKS, "According to Oskar, Benedikt is the new shift lead.",
         "Benedikt sent Marit the rota for May."),
    ],
)
def test_you_is_the_greeted_reader(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_no_single_reader_no_you() -> None:
    claim = "Mr Sauter was offered a monthly salary of EUR 4,200."
    assert decide_write(claim, OFFER).verdict in ADMIT
    for other in ("Dear all,", "Dear Mr Sauter and Ms Brandl,", "Dear Ms Brandl,"):
        assert decide_write(claim, OFFER.replace("Dear Mr Sauter,", other)).verdict not in ADMIT


def test_a_conditional_you_is_no_fact() -> None:
    evidence = OFFER.replace("We are pleased to offer you", "If the budget is approved, we will offer you")
    assert decide_write("Mr Sauter was offered the post of site engineer.", OFFER).verdict in ADMIT
    assert decide_write("Mr Sauter was offered the post of site engineer.", evidence).verdict not in ADMIT


def test_rewrites_agree_and_skip_quotes() -> None:
    text = "You're the lead; your desk moves and you have a key."
    said = "".join(r for _, _, r in addressed_rewrites(text, 0, len(text), "Ana Roth"))
    assert said == "Ana Roth isAna Roth'sAna Roth has"
    quoted = 'He said "you are late" to me.'
    assert addressed_rewrites(quoted, 0, len(quoted), "Ana Roth") == ()


@pytest.mark.parametrize(
    ("ing", "past"),
    [("approving", "approved"), ("planning", "planned"), ("carrying", "carried"), ("writing", "wrote"),
     ("buying", "bought"), ("beginning", "began"), ("being", "was"), ("hosting", "hosted")],
)
def test_past_of_ing(ing: str, past: str) -> None:
    assert past_of_ing(ing) == past


@pytest.mark.parametrize(
    ("evidence", "refused_evidence"),
    [
        ("I'm pleased to say Ines Varga has been promoted to head of finance.",
         "Ola is pleased to say Ines Varga has been promoted to head of finance."),
        ("I can confirm that Ines Varga has been promoted to head of finance.",
         "I can't confirm that Ines Varga has been promoted to head of finance."),
        ("We are pleased to say Ines Varga has been promoted to head of finance.",
         "I heard Ines Varga has been promoted to head of finance."),
    ],
)
def test_the_writer_s_own_say_so_is_the_message_s_assertion(evidence: str, refused_evidence: str) -> None:
    """ "I'm pleased to say X", "I can confirm that X": the writer asserts X, as the message
    does; another's say-so, a denial and hearsay stay frames."""
    claim = "Ines Varga has been promoted to head of finance."
    assert decide_write(claim, evidence).verdict in ADMIT
    assert decide_write(claim, refused_evidence).verdict not in ADMIT
