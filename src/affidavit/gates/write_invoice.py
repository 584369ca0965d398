"""An invoice or a receipt read as the sentences its lines stand for.

"INVOICE No. 2026-031 / From: Tavolara Ceramiche Srl / To: Hotel Spargi / 40 wall tiles
@ €12.50 = €500.00 / Total due: €560.00" says that Tavolara Ceramiche Srl sold Hotel Spargi
forty wall tiles and invoiced it €560.00 in all. No line has a verb and only the fields name
the parties, so the checks, which compare a claim with the passage that names its subject,
have nothing to compare it with. ``invoice_readings`` gives each item, total, deposit and
balance line again as a sentence that names both parties ("Tavolara Ceramiche Srl sold 40
wall tiles to Hotel Spargi."), for a second reading by the gate, which decides the claim on
it as on any sentence. An item is read with its count and without its prices: the gate
binds a figure to its sentence, not to its noun, so a unit price or a line's sum beside the
count would pass for either ("sold 180 felt rugs" of "6 felt rugs × €180").

Only a document that is one invoice or receipt and nothing else: its first line calls it
one, no second title or party field follows, and no word anywhere qualifies it (a sample, a
test, a fake, a request, disputed, withdrawn, unpaid, "on behalf of", a question). Both
parties are named: the seller by a field ("From:", "Seller:", "Venditore (Seller):"), by the
title ("RECEIPT — Ferramenta Sulis", "Cantiere Porcu — Invoice 5521") or by a name line
under it ("Caseificio Mele, Bitti"); the buyer by a field ("To:", "Bill to:", "Customer:",
"Cliente:"). A field's name is cut at its first comma or bracket: the place or the address
after it, and a contact ("attn. Bainzu Pinna"), are never the party. Paid is said only
where the document says so and names no other payer ("Status: PAID", "Paid in cash, 12
May"); an invoice alone says what is owed. The readings are used only for a claim whose
subject is one party with a verb of its own side (``claim_fits``). Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from affidavit.gates.write_parse import mentions
from affidavit.gates.write_writer import nonblank_lines
from affidavit.text import markers
from affidavit.text.currencies import CODES
from affidavit.text.memo import memo
from affidavit.text.names import refers_to
from affidavit.text.numbers import Quantity, quantities

_TITLE = re.compile(
    r"\b(?:(?:tax[ \t]+)?invoice|factura|faktura|facture|fattura|rechnung|receipt|recibo|re[cç]u|"
    r"hóa[ \t]+đơn)\b",
    re.I,
)
# Not a bill, or not one that was sent: a quote, a credit note, a draft, an order, a statement.
_NOT_A_BILL = re.compile(
    r"(?i)\b(?:quote|quotation|estimate|credit[ \t]+note|refund\w*|draft|pro[ \t-]?forma|not[ \t]+sent|"
    r"purchase[ \t]+order|statement|void|cancel\w*|fw|fwd|request\w*|sample|example|template|test\w*|"
    r"specimen|dummy|illustrat\w*|practi[cs]e|exercise|ficti\w*|fake|fraud\w*|phishing|scam|forged|"
    r"withdrawn|disput\w*|refus\w*|reject\w*|return\w*|revers\w*|bounced|unpaid|overdue|reminder|"
    r"wrong|error|mistake|duplicate|never|behalf|self-?billing|will|would|next|expected)\b|\?"
)
# "Venditore (Seller):", "Bill to:": a label, with an optional bracketed translation.
_FIELD = re.compile(
    r"[ \t]*(?P<label>[^\W\d][\w .'’/-]{0,24}?)[ \t]*(?:\([^)\n]{1,20}\))?[ \t]*:[ \t]*", re.I
)
_SELLER = frozenset(
    {"from", "seller", "supplier", "vendor", "issued by", "sold by", "provider", "sprzedawca"}
)
_BUYER = frozenset(
    {
        "to",
        "buyer",
        "bill to",
        "billed to",
        "customer",
        "client",
        "cliente",
        "sold to",
        "invoice to",
        "purchaser",
        "nabywca",
    }
)
# Where a party's name ends: an address, a place, a bracket, a contact or another field.
_NAME_END = re.compile(r"[ \t]*(?:,|\(|;|\||[ \t][—–-][ \t]|\battn\b|\bc/o\b|$)", re.I)
_DASH = re.compile(r"[ \t]+[—–-][ \t]+")
# A title's document number: "INVOICE No. 2026-0387", "Invoice #XV-0932", "Faktura nr 88/2025".
_NUMBER = re.compile(
    r"(?i)\b(?:invoice|receipt|factura|faktura|facture|rechnung)\b[ \t]*(?:no\.?|nr\.?|#|n[º°])?[ \t]*"
    r"([A-Z]{0,4}-?\d[\w/-]*\d|\d)"
)
# The parts of a title line: "INVOICE No. 2026-0387 | Tuheiava Marine SARL, Taravao | Date: ...".
_TITLE_PARTS = re.compile(r"[ \t]+[—–\-|·•][ \t]+")
# Lines that are no item: sums, taxes, terms, and the document's own data.
_NOT_ITEM = re.compile(
    r"^[ \t]*(?:sub-?total|total|grand|vat|gst|iva|tax|tva|mwst|paid|payment|pago|deposit|advance|"
    r"balance|due|amount|date|data|delivery|freight|shipping|discount|status|invoice|no\.|ref|"
    r"account|iban|bank|note|terms)\b",
    re.I,
)
_TOTAL = re.compile(r"^[ \t]*(?:grand[ \t]+)?total(?:[ \t]+(?:due|payable|amount))?\b", re.I)
_BALANCE = re.compile(r"^[ \t]*(?:balance(?:[ \t]+due)?|amount[ \t]+(?:due|outstanding)|outstanding)\b", re.I)
_DEPOSIT = re.compile(r"\b(?P<kind>deposit|advance)\b", re.I)
_PAID_LABEL = re.compile(
    r"^[ \t]*(?:paid|deposit[ \t]+(?:paid|received)|advance[ \t]+(?:paid|received))\b", re.I
)
# The document says it was paid, and by no one else: the whole line (or the part after a
# dash) is a status or "paid" with a means and a date, nothing more ("PAID by Comune di
# Nuoro", "Paid by: Efisio Pintus", "PAID (reversed)", "PAID?" are not).
_WHEN = r"(?:on[ \t]+)?\d{1,2}(?:[ \t]+[A-Z][a-z]{2,8}\.?|[./]\d{1,2})(?:[ \t.,/]+\d{2,4})?"
_PAID = re.compile(
    r"(?:status[ \t]*:[ \t]*)?(?:paid|pago)"
    r"(?P<how>[ \t]+(?:in[ \t]+full|in[ \t]+cash|by[ \t]+(?:card|credit[ \t]+card|debit[ \t]+card|cheque|"
    r"check|cash|bank[ \t]+transfer|transfer|direct[ \t]+debit)|via[ \t]+[A-Z]{2,6})?(?:,?[ \t]+"
    + _WHEN
    + r")?)?[ \t]*[.!]?",
    re.I,
)
# Item lines: "Items:", "- ", "• " open them; the arithmetic is said in words.
_ITEM_OPEN = re.compile(
    r"^[ \t]*(?:(?:items?|service|serviço|servicio|description)[ \t]*:[ \t]*|[-•*][ \t]+)", re.I
)
_ARROW = re.compile(r"[ \t]*(?:→|->)[ \t]*")
_PARTICIPLE = re.compile(
    r"[ \t]*(?:,[ \t]*(?:made|built|sewn|done|grown|woven|spun|cut|sold|[a-z]+ed)\b[^,@×=]*|"
    r"\([ \t]*(?:made|built|[a-z]+ed)\b[^)]*\))",
    re.I,
)
# A line that denies its item ("not included", "no charge", "excluded"); the document-wide
# words (a quote, a draft, a cancelled line) are ``_NOT_A_BILL``'s, read first.
_DENIED = re.compile(r"\b(?:not|no(?![ \t]*\.)|excluded)\b", re.I)


def _field(line: str) -> tuple[str, str] | None:
    """(label, value) of a "Label: value" line, the label folded."""
    hit = _FIELD.match(line)
    if hit is None or not line[hit.end() :].strip():
        return None
    return hit.group("label").strip().casefold(), line[hit.end() :].strip()


def _party(value: str) -> str | None:
    """The name a field's value opens with, up to its address, place or contact."""
    end = _NAME_END.search(value)
    name = value[: end.start() if end else len(value)].strip()
    if name.endswith(".") and not re.search(r"\b[A-Z][a-z]{0,3}\.$", name):
        name = name[:-1]  # a sentence's stop, not "Co." or "Ltd."
    return name if name[:1].isupper() and not any(ch.isdigit() for ch in name[:1]) else None


def _title_seller(line: str) -> str | None:
    """The seller a title names beside its document word: "RECEIPT — Ferramenta
    Sulis", "Cantiere Porcu — Invoice 5521"; not a date or a number after the dash."""
    parts = _TITLE_PARTS.split(line.strip())
    if len(parts) < 2:
        return None
    for part in parts:
        if _TITLE.search(part) or not part[:1].isupper() or _field(part) is not None:
            continue  # the document word, or a field ("Date: ...") beside the name
        if quantities(part[:4]) or re.match(r"(?i)(?:no\.|#)", part):
            continue
        return _party(part)
    return None


def _titles(line: str) -> bool:
    """The line calls the document an invoice or a receipt: as its opening words ("TAX
    INVOICE", "Hóa đơn / Invoice #XV-0932") or beside the seller's name after a dash ("Cantiere
    Porcu — Invoice 5521"); never inside a field ("Subject: invoice 55" heads an email)."""
    if _field(line) is not None and not _TITLE.match(line.strip()):
        return False
    parts = _TITLE_PARTS.split(line.strip())
    return any(_TITLE.match(re.sub(r"^[^\w]*(?:\w+[ \t]*/[ \t]*)?", "", p)) for p in parts) or bool(
        _TITLE.match(line.strip())
    )


def _currency(found: Sequence[Quantity]) -> list[Quantity]:
    return [q for q in found if q.unit is not None and q.unit.upper() in CODES]


class _Invoice:
    """The parties and the lines of one invoice document."""

    def __init__(self, evidence: str) -> None:
        self.lines = nonblank_lines(evidence)
        self.seller: str | None = None
        self.buyer: str | None = None
        self.paid = False
        self.how_paid = ""
        self.part_paid = False  # a deposit or a balance line: the total is not what is owed
        self.number = ""  # "INVOICE No. 2026-0387": the document's number
        texts = [evidence[a:b] for a, b in self.lines]
        # The document opens the evidence and is the only one in it: one title, one field
        # for each party ("INVOICE No. 1 ... INVOICE No. 2" gives no party its lines).
        if not texts or not _titles(texts[0]) or sum(map(_titles, texts)) != 1:
            return
        numbered = _NUMBER.search(texts[0])
        self.number = numbered.group(1) if numbered else ""
        sellers = [f[1] for f in map(_field, texts) if f is not None and f[0] in _SELLER]
        buyers = [f[1] for f in map(_field, texts) if f is not None and f[0] in _BUYER]
        title_seller = _title_seller(texts[0])
        if len(buyers) != 1 or len(sellers) + (title_seller is not None) > 1:
            return
        self.seller = _party(sellers[0]) if sellers else title_seller
        self.buyer = _party(buyers[0])
        for line in texts:
            if (
                _BALANCE.match(line)
                or _DEPOSIT.search(line)
                or (re.match(r"(?i)[ \t]*paid[ \t]*:", line) and _currency(quantities(line)))
            ):
                self.part_paid = True  # "Paid: S/ 200 deposit", "Balance due: ...": paid in part
            # The whole line, or its last part after a dash ("Total ₹4,000 — paid in cash"):
            # a part with more after it ("Paid in cash — for invoice No. 9") is about that.
            for piece in {line, _DASH.split(line)[-1]}:
                how = _PAID.fullmatch(piece.strip())
                if how is not None:
                    self.paid = True
                    self.how_paid = f" {how.group('how')}" if how.group("how") else ""
        if self.part_paid:
            self.paid = False  # "Deposit received ... Balance due ... Status: PAID" says both
        if self.seller is None and len(self.lines) > 1:
            # "Caseificio Mele, Bitti" under the title: a name line, no field.
            a, b = self.lines[1]
            line = evidence[a:b]
            if _field(line) is None and not _currency(quantities(line)):
                self.seller = _party(line)


@memo(maxsize=256)
def _document(evidence: str) -> _Invoice:
    """The evidence read as one invoice, once for the readings and once for the claim check."""
    return _Invoice(evidence)


def _item(line: str, money: list[Quantity]) -> str:
    """An item line's count and item, its prices left out: "40 wall tiles × €12.50 =
    €500.00" -> "40 wall tiles"; "24 × mountain honey, 1 kg jar @ 28,000 IQD" -> "24 mountain
    honey, 1 kg jar"; "Delivery .... 60,00 €" -> "Delivery"."""
    text = _ITEM_OPEN.sub("", line).strip()
    first = min((text.find(q.surface.strip()) for q in money if q.surface.strip() in text), default=-1)
    if first >= 0:
        text = text[:first]
    # "6 oak shutters, made to measure", "ceiling fan (installed)": a participle describes the
    # item; beside the parties' names it would read as a verb with a doer ("X made ...").
    text = _PARTICIPLE.sub("", text)
    text = re.sub(r"\([^)]*$", "", text)  # a bracket the first price cut open
    text = _ARROW.sub(" to ", text)
    # "24 × mountain honey": a count before its item.
    text = re.sub(r"^(\d+)[ \t]*(?:×|\bx\b)[ \t]*(?=[^\W\d])", r"\1 ", text)
    text = re.sub(r"(?:[ \t]*(?:@|×|\bx\b|=|:|[—–]|\.{2,}|…|\bat\b|\bfor\b))+[ \t]*$", "", text)
    return text.strip(" .,;")


def invoice_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for each item, total, deposit and balance line of an invoice
    or receipt whose seller and buyer are named."""
    if not _TITLE.search(evidence[:400]) or _NOT_A_BILL.search(evidence):
        return []
    doc = _document(evidence)
    seller, buyer = doc.seller, doc.buyer
    if seller is None or buyer is None or seller == buyer:
        return []
    out: list[tuple[int, int, str]] = []
    for a, b in doc.lines:
        line = evidence[a:b]
        if _DENIED.search(line) or markers.modalities(line):
            continue
        # A line of several fields ("Subtotal €333.00; IVA 10% €33.30; Total €366.30"): each.
        # Each reading stands for the whole line: a figure of another field left beside it
        # ("Subtotal €370 | ... | Total €451.40") would pass for the reading's own.
        for part in re.split(r"[;|]", line):
            out += _readings(part, a, b, seller, buyer, doc)
    return out


def _readings(
    part: str, start: int, end: int, seller: str, buyer: str, doc: _Invoice
) -> list[tuple[int, int, str]]:
    money = _currency(quantities(part))
    if not money:
        return []
    said: list[str] = []
    if _TOTAL.match(part):
        amount = money[-1].surface.strip()
        on = f" on invoice {doc.number}" if doc.number else ""
        said += [
            f"{seller} invoiced {buyer} a total of {amount}{on}",
            f"{seller} billed {buyer} {amount} in total{on}",
            f"{seller} charged {buyer} {amount} in total{on}",
        ]
        if doc.paid:
            said.append(f"{buyer} paid {seller} {amount}{doc.how_paid}")
        elif re.search(r"(?i)\bdue\b", part) and not doc.part_paid:
            said.append(f"{buyer} owes {seller} {amount}")
    elif _BALANCE.match(part) and not doc.paid:
        amount = money[-1].surface.strip()
        rest = part[part.find(money[-1].surface) + len(money[-1].surface) :].strip(" .,")
        when = f" {rest}" if re.match(r"(?i)(?:by|on|before|within)\b", rest) else ""
        said.append(f"{buyer} owes {seller} {amount}{when}")
    elif re.search(r"\b(?:from|by)[ \t]+[A-Z]", part):
        pass  # "Deposit received from Loïc Kerhervé": paid by someone the claim may not name
    elif _PAID_LABEL.match(part) or (_DEPOSIT.search(part) and re.search(r"(?i)\b(?:paid|received)\b", part)):
        kind = _DEPOSIT.search(part)
        amount = money[0].surface.strip()
        date = re.search(r"(?i)\breceived[ \t]+(?:on[ \t]+)?(\d{1,2}[ \t]+[A-Z][a-z]+(?:[ \t]+\d{4})?)", part)
        on = f" on {date.group(1)}" if date else ""
        if kind is not None:
            noun = kind.group("kind").lower()
            said.append(f"{buyer} paid {seller} {'an' if noun[0] in 'aeiou' else 'a'} {noun} of {amount}{on}")
        else:
            said.append(f"{buyer} paid {seller} {amount}{on}")
    elif not _NOT_ITEM.match(part) and re.search(r"[^\W\d]{3}", part):
        item = _item(part, money)
        if not item:
            return []
        said += [
            f"{seller} sold {item} to {buyer}",
            f"{buyer} bought {item} from {seller}",
            f"{seller} invoiced {buyer} for {item}",
            f"{buyer} ordered {item} from {seller}",
        ]
        if doc.paid:
            said.append(f"{buyer} paid {seller} for {item}")
    return [(start, end, f"{s}.") for s in said]


# The claim's verb right after its subject: a seller's or a buyer's, of a sale.
_AUXILIARIES = r"(?:(?:has|have|had|still|also|already|just|then)[ \t]+)*"
_SELLER_VERB = re.compile(
    rf"[ \t]+{_AUXILIARIES}(?:sold|sells|invoiced|invoices|billed|bills|charged|charges)\b", re.I
)
_BUYER_VERB = re.compile(
    rf"[ \t]+{_AUXILIARIES}(?:bought|buys|purchased|purchases|ordered|orders|paid|pays|owes|owed)\b", re.I
)
# Who did what is said some other way: a passive's doer, a party's role noun.
_OTHER_VOICE = re.compile(
    r"\b(?:by|been|being|was|were|is|are|got|gets)[ \t]+(?:\w+[ \t]+)?(?:by|sold|bought|billed|invoiced|"
    r"charged|ordered|paid|purchased)\b|\b(?:seller|buyer|vendor|customer|client|supplier|purchaser|payer|payee)\b",
    re.I,
)


def claim_fits(claim: str, evidence: str) -> bool:
    """The claim's subject is one party of the invoice and its verb is of that party's side
    of a sale: the seller sold, invoiced, billed or charged; the buyer bought, ordered, paid
    or owes. The gate reads who does what from the order of names around a verb, which
    neither a verb with two objects ("A invoiced B €560": "B invoiced €560" would pass), a
    passive ("bowls were bought by A") nor a verb made of an item's noun ("Hull repair":
    "B repaired A's hull") fixes; such a claim is not decided on these readings."""
    doc = _document(evidence)
    if doc.seller is None or doc.buyer is None or _OTHER_VOICE.search(claim):
        return False
    found = mentions(claim)
    if not found or found[0].start > 4 or found[0].possessive:
        return False
    subject, after = found[0].name, claim[found[0].end :]

    def means(party: str) -> bool:
        return refers_to(subject, party) or refers_to(party, subject)

    if means(doc.seller) and not means(doc.buyer):
        return _SELLER_VERB.match(after) is not None
    if means(doc.buyer) and not means(doc.seller):
        return _BUYER_VERB.match(after) is not None
    return False
