"""Currencies: the ISO 4217 codes, their names and symbols, as one unit per currency.

"EUR 5,000" = "€5,000" = "5,000 euros"; "CZK 12,000" = "12,000 Czech korun"; "US$2.4m"
= "USD 2.4 million" = "2.4 million US dollars". A unit is the lower-cased ISO code.

Surfaces come from the standard's table (``text.iso4217``): every code, every English
name, and a name's last word alone ("koruna", "forint") only where one currency has it
(not "dollar", "krone", "rupee", "peso"). Symbols are few and listed here; a symbol more
than one currency uses stands for the one the gate has always read it as ("$" US
dollars, "¥" yen) only while the text names no other currency that writes it: "$" in a
text that also says "A$" or "Canadian" is a dollar of unknown country.
"""

from __future__ import annotations

import re

from affidavit.text import cldr_currency
from affidavit.text.cldr_currency import CLDR_SOURCE
from affidavit.text.fold import fold
from affidavit.text.iso4217 import CURRENCIES, ISO4217_SOURCE
from affidavit.text.memo import memo

# 5: CLDR plural names and local symbols (text.cldr_currency); 9: ₼, names read folded ("złoty").
CURRENCY_TABLE_VERSION = "cur-9"
__all__ = [
    "CLDR_SOURCE", "CURRENCY_TABLE_VERSION", "ISO4217_SOURCE", "code_before", "family_supports", "name_after",
    "symbol_unit",
    "unsure_supports", "word_code_before", "word_name_after",
]

CODES = frozenset(code for code, _, _ in CURRENCIES)

# Prefix symbols, longest first where one contains another ("US$" before "$").
_SYMBOLS: dict[str, str] = {
    "US$": "usd", "U.S.$": "usd", "A$": "aud", "AU$": "aud", "C$": "cad", "CA$": "cad",
    "NZ$": "nzd", "HK$": "hkd", "S$": "sgd", "R$": "brl", "MX$": "mxn", "$": "usd",
    "£": "gbp", "€": "eur", "¥": "jpy", "₹": "inr", "₩": "krw", "₽": "rub", "₺": "try",
    "₪": "ils", "₫": "vnd", "₦": "ngn", "₴": "uah", "₱": "php", "฿": "thb", "₣": "chf",
    # The Unicode currency signs whose name is one ISO 4217 currency's ("CEDI SIGN", "ARMENIAN
    # DRAM SIGN"); not the historic ones (lira, mark, peseta) nor a name several share (manat).
    "GH₵": "ghs", "₵": "ghs", "₸": "kzt", "₾": "gel", "֏": "amd", "₭": "lak", "₮": "mnt", "₲": "pyg",
    "⃀": "kgs", "៛": "khr", "؋": "afn", "₡": "crc",
    # U+20BC MANAT SIGN: the manat of Azerbaijan or of Turkmenistan ("450 manat" either way).
    "₼": "family:manat",
    # Unicode names U+09F3 "BENGALI RUPEE SIGN", but Bangladesh writes the taka with it.
    "৳": "bdt",
    # "Rs 600": a rupee of one of the countries that write it so (India, Pakistan, Nepal, ...).
    "Rs.": "family:rupee", "Rs": "family:rupee",
}  # fmt: skip
# Symbols written after the number ("12 000 Kč", "50 zł").
_SUFFIX_SYMBOLS: dict[str, str] = {"Kč": "czk", "zł": "pln", "Ft": "huf", "lei": "ron"}
# Names in common use that the standard's English names do not spell.
_COMMON_NAMES: dict[str, str] = {
    "dollar": "usd", "dollars": "usd", "us dollars": "usd", "u.s. dollars": "usd", "bucks": "usd",
    "pound": "gbp", "pounds": "gbp", "sterling": "gbp", "pounds sterling": "gbp",
    "euro": "eur", "euros": "eur", "yen": "jpy", "korun": "czk", "koruny": "czk",
    "czech crowns": "czk", "yuan": "cny", "renminbi": "cny", "rmb": "cny", "zlotys": "pln",
    "zloty": "pln", "zlotych": "pln", "swiss francs": "chf", "swiss franc": "chf",
}  # fmt: skip
# Names and codes that are also everyday English words ("won", "real", "TOP 10"): read as
# a currency only through a symbol, or a code in front of the number.
_WORDS = frozenset({"won", "real", "rand", "mark", "dram", "kip", "som", "pula", "lek", "lev", "tala",
                    "vatu", "leone", "lari", "lats", "wons", "reals", "rands", "marks", "drams", "kips",
                    "gold", "golds"})
_WORD_CODES = frozenset({"ALL", "TOP", "CUP", "MOP", "BOB", "SOS", "GEL", "MAD", "PEN", "BAM", "AMD"})
# Marks of a dollar that is not the US one: a text with one of these reads "$" as unknown.
_OTHER_DOLLARS = re.compile(
    r"(?:A|AU|C|CA|NZ|HK|S|MX|R)\$|\b(?:AUD|CAD|NZD|HKD|SGD|MXN|BRL|Australian|Canadian|Zealand|"
    r"Hong Kong|Singapore|Mexican|Taiwan)\b"
)
_JAPAN = re.compile(r"\b(?:JPY|yen|Japan|Japanese)\b", re.I)
_OTHER_YEN = re.compile(r"\b(?:CNY|RMB|yuan|renminbi|Chinese)\b", re.I)


# Plurals a name's last word takes besides "+s" ("Czech korun", "Swedish kronor").
_PLURALS = {"koruna": ("korun", "koruny"), "krona": ("kronor",), "krone": ("kroner",),
            "zloty": ("zlotys", "zlotych"), "lira": ("lire",), "leu": ("lei",), "hryvnia": ("hryvnias",),
            "yen": ("yen",)}


# Last words several currencies share -> their units ("rupee": inr, pkr, lkr, npr, ...).
FAMILIES: dict[str, frozenset[str]] = {}


def _names() -> dict[str, str]:
    full: dict[str, str] = {}
    last_words: dict[str, set[str]] = {}
    for code, _, name in CURRENCIES:
        if "(" in name or code.startswith("X"):
            continue  # funds and units of account: read by their code only
        low = name.casefold()
        full[low] = full[low + "s"] = code.casefold()
        head, _, last = low.rpartition(" ")
        for plural in _PLURALS.get(last, ()):
            full[f"{head} {plural}".strip()] = code.casefold()
        last_words.setdefault(low.split()[-1], set()).add(code.casefold())
    for word, codes in last_words.items():
        if len(codes) == 1:  # "koruna": one currency; "dollar": many
            full.setdefault(word, next(iter(codes)))
            full.setdefault(word + "s", next(iter(codes)))
        elif word not in ("colon", "real", "won", "euro"):  # "rupees", "pesos": one of several currencies
            FAMILIES[word] = frozenset(codes)
            for plural in (word, word + "s", *_PLURALS.get(word, ())):
                full.setdefault(plural, f"family:{word}")
    full.update(_COMMON_NAMES)
    # The CLDR's plural names ("peruvian soles", "icelandic krónur") and unshared plural last
    # words ("krónur"); what the standard's table already reads keeps its reading.
    for name, unit in cldr_currency.NAMES.items():
        full.setdefault(name, unit)
    return {name: unit for name, unit in full.items() if name not in _WORDS}


NAMES = _names()
# The names and codes that are also English words, read as their currency only beside an
# amount of 100 or more ("50,000 dram", "1.2 million AMD", "GEL 4,500"), where the word
# reading is not the sentence's ("2 drams of whisky", "TOP 10"). Not "mark" ("passed the
# 1,000 mark") nor "real" ("1,000 real fans") nor "kip" ("rated for 320 kips") nor "gold"
# ("500 gold coins", Zimbabwe Gold's last word), which stay words after any number.
_WORD_NAMES: dict[str, str] = {
    name: code.casefold()
    for code, _, full in CURRENCIES if "(" not in full and not code.startswith("X")
    for name in (full.casefold().split()[-1], full.casefold().split()[-1] + "s")
    if name in _WORDS and name not in ("mark", "marks", "real", "reals", "kip", "kips", "gold", "golds")
}
# The CLDR's plural last words that are English words too ("soles", "rand"), on the same terms.
for _name, _unit in cldr_currency.WORD_NAMES.items():
    if _name not in ("mark", "marks", "real", "reals") and _name not in NAMES:
        _WORD_NAMES.setdefault(_name, _unit)
_WORD_NAME_AFTER = re.compile(r"\s?(" + "|".join(sorted(_WORD_NAMES, key=len, reverse=True)) + r")\b", re.I)
_WORD_CODE_AFTER = re.compile(r"\s?(" + "|".join(sorted(_WORD_CODES)) + r")\b")
_WORD_CODE_BEFORE = re.compile(r"(?<![A-Za-z])(" + "|".join(sorted(_WORD_CODES)) + r")\s?$")
_NAME_ALT = "|".join(sorted((re.escape(n) for n in NAMES), key=len, reverse=True))
_NAME_AFTER = re.compile(rf"\s?({_NAME_ALT})\b", re.I)
_SUFFIX_AFTER = re.compile(r"\s?(" + "|".join(map(re.escape, _SUFFIX_SYMBOLS)) + r")(?!\w)")
_CODE_AFTER = re.compile(r"\s?([A-Z]{3})\b")
_SYMBOL_ALT = "|".join(sorted(map(re.escape, _SYMBOLS), key=len, reverse=True))
_BEFORE = re.compile(rf"(?:(?<![A-Za-z])([A-Z]{{3}})\s?|({_SYMBOL_ALT})\s?)$")
# A territory's own symbol from the CLDR ("S/ 45,000", "TSh 95,000", "20 000 USh"), before
# or after the amount; never inside a word, and its letters in any case ("KSh", "Ksh").
# Written as the CLDR writes it (case kept: "км" is kilometres, "s/ VAT" is "without
# VAT"), and only before the amount: after it, "12 S/ 8 M/" are sizes and "5 Gs" grand.
# Letters-only ASCII symbols of three letters are also written in other cases ("KSh").
_LOCAL = dict(cldr_currency.SYMBOLS) | {
    variant: unit for symbol, unit in cldr_currency.SYMBOLS.items() if symbol.isascii() and symbol.isalpha()
    for variant in (symbol.upper(), symbol[:1] + symbol[1:].capitalize(), symbol.capitalize())
}  # fmt: skip
_LOCAL_ALT = "|".join(sorted(map(re.escape, _LOCAL), key=len, reverse=True))
# Not after a number ("12 S/ 8 M/": sizes in a list).
_LOCAL_BEFORE = re.compile(rf"(?:^|(?<=[\s(]))(?<!\d[ \t])({_LOCAL_ALT})\s?$")


@memo(maxsize=4096)
def _ambiguous(text: str) -> tuple[bool, bool]:
    return bool(_OTHER_DOLLARS.search(text)), bool(_OTHER_YEN.search(text))


def symbol_unit(symbol: str, text: str) -> str:
    """The unit a symbol stands for in ``text`` ("dollar" or "yen/yuan" when unsure)."""
    unit = _SYMBOLS[symbol]
    other_dollar, other_yen = _ambiguous(text)
    if symbol == "$" and other_dollar:
        return "dollar"
    if symbol == "¥" and (other_yen or not _JAPAN.search(text)):
        return "yen/yuan"  # ¥ is China's yuan as much as Japan's yen: only a text of Japan's is yen
    return unit


def code_before(text: str, start: int) -> tuple[str, int] | None:
    """A currency code or symbol written just before ``text[start]``: (unit, its start)."""
    window = text[max(0, start - 6) : start]
    hit = _BEFORE.search(window)
    local = _LOCAL_BEFORE.search(window)
    if local is not None and (hit is None or local.start(1) < hit.start()):  # "RD$ 300" is no "$ 300"
        return _LOCAL[local.group(1)], start - len(window) + local.start(1)
    if hit is None:
        return None
    at = start - len(window) + hit.start()
    if hit.group(1):
        code = hit.group(1)
        return (code.casefold(), at) if code in CODES and code not in _WORD_CODES else None
    return symbol_unit(hit.group(2), text), at


def name_after(text: str, end: int) -> tuple[str, int] | None:
    """A currency code, name or suffix symbol written just after ``text[:end]``."""
    hit = _CODE_AFTER.match(text, end)
    if hit is not None and hit.group(1) in CODES and hit.group(1) not in _WORD_CODES:
        return hit.group(1).casefold(), hit.end()
    hit = _SUFFIX_AFTER.match(text, end)
    if hit is not None:
        return _SUFFIX_SYMBOLS[hit.group(1)], hit.end()
    hit = _NAME_AFTER.match(text, end)
    if hit is None and not text[end : end + 40].isascii():
        # "18,000 złoty": a name written with its own letters is read folded ("zloty").
        tail, index = _folded_tail(text, end)
        folded = _NAME_AFTER.match(tail)
        if folded is not None:
            return _name_unit(folded.group(1), text), end + index[folded.end() - 1] + 1
    if hit is not None:
        return _name_unit(hit.group(1), text), hit.end()
    return None


def _name_unit(name: str, text: str) -> str:
    """The unit a currency name stands for ("dollars" is unsure beside another dollar)."""
    unit = NAMES[name.casefold()]
    if unit == "usd" and name.casefold() in ("dollar", "dollars") and _ambiguous(text)[0]:
        return "dollar"
    return unit


def _folded_tail(text: str, end: int) -> tuple[str, list[int]]:
    """The 40 characters after ``end`` folded letter by letter, with each folded
    character's offset in them (a letter may fold to two: "ß")."""
    out: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(text[end : end + 40]):
        for f in fold(ch):
            out.append(f)
            index.append(i)
    return "".join(out), index


def word_name_after(text: str, end: int) -> tuple[str, int] | None:
    """A currency that is also a word ("dram", "AMD") written just after ``text[:end]``;
    the caller reads it so only beside an amount of 100 or more."""
    hit = _WORD_CODE_AFTER.match(text, end)
    if hit is not None:
        return hit.group(1).casefold(), hit.end()
    hit = _WORD_NAME_AFTER.match(text, end)
    if hit is None or _MEASURE_OF.match(text, hit.end()):
        return None  # "300 drams of whisky": a measure of something, not money
    return _WORD_NAMES[hit.group(1).casefold()], hit.end()


_MEASURE_OF = re.compile(r"[ \t]+of\b", re.I)


def word_code_before(text: str, start: int) -> tuple[str, int] | None:
    """A currency code that is also a word ("GEL", "AMD") just before ``text[start]``."""
    window = text[max(0, start - 4) : start]
    hit = _WORD_CODE_BEFORE.search(window)
    return None if hit is None else (hit.group(1).casefold(), start - len(window) + hit.start())


_EXPLICIT = re.compile(r"US|U\.S\.|JPY|[Yy]en")


def family_supports(evidence_unit: str | None, claim_unit: str | None) -> bool:
    """Whether an amount in one currency supports a claim that names only the currency's
    family ("1.8 lakh rupees" from "₹1,80,000": a rupee, whichever country's)."""
    if claim_unit is None or not claim_unit.startswith("family:"):
        return False
    return evidence_unit in FAMILIES.get(claim_unit[len("family:") :], frozenset())


def unsure_supports(evidence_unit: str | None, claim_unit: str | None, claim_surface: str) -> bool:
    """Whether an evidence amount of unsure country ("$" beside "A$") supports a claim that
    writes the same sign without naming a country either ("$1.2 million", "dollars")."""
    unsure = {"dollar": "usd", "yen/yuan": "jpy"}
    if evidence_unit == "yen/yuan" and claim_unit in ("jpy", "cny"):
        # "¥3,000" of a text that does not say whose: "3,000 yen" or "3,000 yuan" keeps the
        # sign's own word; "Japanese yen", "JPY", "Chinese yuan" name a country it does not.
        return not _COUNTRY_YEN.search(claim_surface)
    return unsure.get(evidence_unit or "") == claim_unit and not _EXPLICIT.search(claim_surface)


_COUNTRY_YEN = re.compile(r"\b(?:JPY|CNY|RMB|Japanese|Chinese|renminbi)\b", re.I)
