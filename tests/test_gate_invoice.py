"""An invoice's lines say a sale between the parties its fields name.

Each admitted claim is paired with a near miss over the same invoice: the parties the other
way round, a figure from another line, paid where the invoice only bills, the contact named
as the buyer, a participle read as the doer's verb. Examples are our own; names are invented.
"""

from __future__ import annotations

import pytest

from affidavit.gates.write import RESOLVER_VERSION, decide_write
from affidavit.gates.write_invoice import invoice_readings

ADMIT = ("ACCEPT", "RESCUE")
BILLED = (
    "INVOICE No. 2026-031\n"
    "From: Tavolara Ceramiche Srl, Olbia\n"
    "To: Hotel Spargi, attn. Bainzu Pinna\n"
    "Date: 3 March 2026\n"
    "40 wall tiles, hand-painted @ €12.50 = €500.00\n"
    "Delivery .... €60.00\n"
    "Total due .... €560.00\n"
    "Deposit received 1 March: €200.00\n"
    "Balance due: €360.00 by 31 March"
)
PAID = (
    "RECEIPT — Ferramenta Sulis\n"
    "Customer: Efisio Murru\n"
    "3 × garden hose, 25 m @ €18 = €54\n"
    "Total: €54\n"
    "Paid in cash, 12 May"
)


@pytest.mark.parametrize(
    ("evidence", "admitted", "refused"),
    [
        (
            BILLED,
            "Hotel Spargi bought 40 wall tiles from Tavolara Ceramiche Srl.",
            "Tavolara Ceramiche Srl bought 40 wall tiles from Hotel Spargi.",
        ),
        (
            BILLED,
            "Tavolara Ceramiche Srl sold forty wall tiles to Hotel Spargi.",
            "Tavolara Ceramiche Srl sold sixty wall tiles to Hotel Spargi.",
        ),
        (
            BILLED,
            "Tavolara Ceramiche Srl invoiced Hotel Spargi a total of €560.",
            "Tavolara Ceramiche Srl invoiced Hotel Spargi a total of €500.",
        ),
        (
            BILLED,
            "Hotel Spargi paid Tavolara Ceramiche Srl a deposit of €200.",
            "Hotel Spargi paid Tavolara Ceramiche Srl €560.",
        ),
        (
            BILLED,
            "Hotel Spargi owes Tavolara Ceramiche Srl €360.",
            "Bainzu Pinna owes Tavolara Ceramiche Srl €360.",
        ),
        (
            PAID,
            "Efisio Murru paid Ferramenta Sulis €54 in cash.",
            "Efisio Murru paid Ferramenta Sulis €45 in cash.",
        ),
        (
            PAID,
            "Efisio Murru bought three garden hoses from Ferramenta Sulis.",
            "Ferramenta Sulis bought three garden hoses from Efisio Murru.",
        ),
    ],
)
def test_an_invoice_says_a_sale_between_its_parties(evidence: str, admitted: str, refused: str) -> None:
    assert decide_write(admitted, evidence).verdict in ADMIT
    assert decide_write(refused, evidence).verdict not in ADMIT


def test_an_invoice_is_no_receipt_of_payment() -> None:
    """Billed is not paid: the same claim is admitted only once the invoice says it was paid."""
    claim = "Hotel Spargi paid Tavolara Ceramiche Srl €560."
    assert decide_write(claim, BILLED).verdict not in ADMIT
    paid = BILLED.replace(
        "Deposit received 1 March: €200.00\nBalance due: €360.00 by 31 March", "Status: PAID"
    )
    assert decide_write(claim, paid).verdict in ADMIT


def test_a_participle_of_an_item_is_no_verb_of_a_party() -> None:
    """ "hand-painted", "made to measure" describe the item: neither party painted or made it
    by the invoice's word, whichever way round the claim puts them."""
    evidence = BILLED.replace("hand-painted", "made to measure")
    readings = invoice_readings(evidence)
    assert readings and not any("made" in text for _, _, text in readings)
    # The control: the sale itself is read from the same line.
    assert (
        decide_write("Hotel Spargi bought 40 wall tiles from Tavolara Ceramiche Srl.", evidence).verdict
        in ADMIT
    )
    for claim in (
        "Tavolara Ceramiche Srl made 40 wall tiles for Hotel Spargi.",
        "Hotel Spargi made 40 wall tiles for Tavolara Ceramiche Srl.",
    ):
        assert decide_write(claim, evidence).verdict not in ADMIT


def test_no_reading_without_both_parties_or_without_a_title() -> None:
    claim = "Hotel Spargi bought 40 wall tiles from Tavolara Ceramiche Srl."
    untitled = BILLED.replace("INVOICE No. 2026-031\n", "")
    assert invoice_readings(untitled) == []
    assert decide_write(claim, untitled).verdict not in ADMIT
    no_buyer = BILLED.replace("To: Hotel Spargi, attn. Bainzu Pinna\n", "")
    assert invoice_readings(no_buyer) == []
    assert decide_write(claim, no_buyer).verdict not in ADMIT
    assert decide_write(claim, BILLED).verdict in ADMIT  # the control: both named, a title


def test_a_quote_or_a_cancelled_line_makes_no_reading() -> None:
    claim = "Hotel Spargi bought 40 wall tiles from Tavolara Ceramiche Srl."
    assert decide_write(claim, BILLED).verdict in ADMIT  # the control: the invoice as issued
    undelivered = BILLED.replace("40 wall tiles, hand-painted", "40 wall tiles, not delivered")
    assert decide_write(claim, undelivered).verdict not in ADMIT
    quoted = BILLED.replace("40 wall tiles, hand-painted", "40 wall tiles (quote only)")
    assert decide_write(claim, quoted).verdict not in ADMIT
    cancelled = BILLED.replace("40 wall tiles, hand-painted", "40 wall tiles — cancelled")
    assert decide_write(claim, cancelled).verdict not in ADMIT


def test_version() -> None:
    assert RESOLVER_VERSION.startswith("write-gate/3.140+")


@pytest.mark.parametrize(
    "claim",
    [
        "Tavolara Ceramiche Srl was invoiced €560.",
        "Hotel Spargi invoiced €560.",
        "Hotel Spargi sold 40 wall tiles.",
        "Tavolara Ceramiche Srl ordered 40 wall tiles.",
        "Tavolara Ceramiche Srl owes Hotel Spargi €360.",
        "Hotel Spargi owes €560.",  # the total, when a deposit was paid on it
        "Hotel Spargi bought 40 wall tiles for €60.",  # the delivery line's figure
    ],
)
def test_each_party_keeps_its_side(claim: str) -> None:
    """A verb with two objects ("A invoiced B €560") does not fix who did what by the order
    of names alone: the reading is used only when the claim gives the seller the seller's
    verb and the buyer the buyer's."""
    assert decide_write(claim, BILLED).verdict not in ADMIT
    assert decide_write("Hotel Spargi bought 40 wall tiles.", BILLED).verdict in ADMIT  # the control


def test_an_email_about_an_invoice_is_no_invoice() -> None:
    """ "Subject: invoice 55" heads an email: its "From:" and "To:" are its writer and reader."""
    email = (
        "From: Tavolara Ceramiche Srl\nTo: Hotel Spargi\nSubject: invoice 2026-031\n"
        "40 wall tiles @ €12.50 = €500.00"
    )
    assert invoice_readings(email) == []
    assert invoice_readings(BILLED) != []


def test_a_title_of_fields_names_the_seller_and_the_number() -> None:
    """ "INVOICE No. 2026-0412 | Cantiere Porcu, Alghero | Date: ...": the seller is the title's
    field that is a name, not a labelled field; the total is said with the number."""
    evidence = (
        "INVOICE No. 2026-0412 | Cantiere Porcu, Alghero | Date: 30 September 2026\n"
        "Bill to: Hotel Spargi, La Maddalena\n"
        "2 × outboard service @ €185 = €370\n"
        "Subtotal €370 | VAT 22% €81.40 | Total €451.40"
    )
    assert (
        decide_write(
            "Cantiere Porcu billed Hotel Spargi €451.40 in total on invoice 2026-0412.", evidence
        ).verdict
        in ADMIT
    )
    assert (
        decide_write(
            "Hotel Spargi billed Cantiere Porcu €451.40 in total on invoice 2026-0412.", evidence
        ).verdict
        not in ADMIT
    )
    assert (
        decide_write(
            "Cantiere Porcu billed Hotel Spargi €370 in total on invoice 2026-0412.", evidence
        ).verdict
        not in ADMIT
    )
