"""Build the CLDR currency forms the gates read beside ISO 4217: plural names, local symbols.

    pip install -e '.[build-currency]'          # babel, a build-time tool only
    python tools/build_currency_forms.py        # writes src/affidavit/text/cldr_currency.py

Why CLDR: the ISO 4217 table (``text.iso4217``) names each currency once, in the
singular ("Peruvian Sol", "Icelandic Króna"), and has no symbols. Text agents receive
writes amounts as people of the currency's country do: "S/ 45,000", "TSh 95,000",
"USh 20,000", "38,900 Icelandic krónur", "Peruvian soles". The Unicode CLDR, read through
Babel (the well-kept reader of it), states every currency's English display name in its
plural forms and each territory's own symbol for its currency in each of its locales.

What is kept (deterministic: sorted, no dates but the fixed one below):

* names: the English singular and plural display names of each ISO 4217 code the gate
  knows, lower-cased ("peruvian soles" -> pen);
* last words: the plural's last word alone ("krónur" -> isk) only where one currency has
  it, and separately, as words read only beside an amount of 100 or more, those that are
  also English words ("soles");
* symbols: the symbol each locale of a territory writes for that territory's currency (the
  currency in use on 2026-01-01), kept only when no other currency is written with it in
  any locale, and only when it is at least three characters long or holds a character
  that is not an ASCII letter ("S/", "TSh", "USh", "Ksh", "лв."); a one- or two-letter
  symbol ("K", "Rp", "FC", "DA"), an ASCII one all in lower case ("den") and a lone
  letter of any script are as likely a word or an abbreviation as money, and are left out.
  Symbols the gate already reads (``text.currencies``) are left to it.
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path

from babel import Locale, localedata
from babel import __version__ as babel_version
from babel.numbers import get_currency_name, get_currency_symbol, get_territory_currencies

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from affidavit.text.currencies import _SUFFIX_SYMBOLS, _SYMBOLS  # noqa: E402
from affidavit.text.iso4217 import CURRENCIES  # noqa: E402
from affidavit.text.lemmas import is_known_word  # noqa: E402

OUT = ROOT / "src" / "affidavit" / "text" / "cldr_currency.py"
IN_USE_ON = datetime.date(2026, 1, 1)


def _symbols(codes: set[str]) -> dict[str, str]:
    seen: dict[str, set[str]] = {}
    for ident in sorted(localedata.locale_identifiers()):
        loc = Locale.parse(ident)
        if not loc.territory:
            continue
        for code in get_territory_currencies(loc.territory, IN_USE_ON)[:1]:
            symbol = get_currency_symbol(code, loc).strip().replace("\u200f", "").replace("\u200e", "")
            if symbol and symbol != code:
                seen.setdefault(symbol, set()).add(code)
    known = set(_SYMBOLS) | set(_SUFFIX_SYMBOLS)
    out: dict[str, str] = {}
    for symbol, owners in sorted(seen.items()):
        if len(owners) != 1 or symbol in known or not symbol.strip():
            continue
        code = next(iter(owners))
        plain_letters = symbol.isascii() and symbol.isalpha()
        if plain_letters and (len(symbol) < 3 or symbol.islower()):
            continue  # "K", "Rp", "FC", "den": as likely a word or an abbreviation as money
        if len(symbol) < 2 or code not in codes or not any(c.isalnum() or c in "$/" for c in symbol):
            continue  # a lone letter of any script ("ر") is no symbol to read in English text
        out[symbol] = code.casefold()
    return out


def _names(codes: set[str]) -> tuple[dict[str, str], dict[str, str]]:
    names: dict[str, str] = {}
    last: dict[str, set[str]] = {}
    for code in sorted(codes):
        for count in (1, 2):
            name = get_currency_name(code, count=count, locale="en").casefold()
            if name == code.casefold() or "(" in name:
                continue
            names.setdefault(name, code.casefold())
            if count == 2:
                last.setdefault(name.split()[-1], set()).add(code.casefold())
    alone: dict[str, str] = {}
    english: dict[str, str] = {}
    for word, owners in sorted(last.items()):
        if len(owners) != 1 or word in names:
            continue
        target = english if is_known_word(word) else alone
        target[word] = next(iter(owners))
    names.update(alone)
    return names, english


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def main() -> None:
    # Zimbabwe Gold (ZWG) is left out: its name is the metal's ("500 gold coins").
    codes = {code for code, _, name in CURRENCIES if "(" not in name and not code.startswith("X")}
    codes.discard("ZWG")
    names, english = _names(codes)
    symbols = _symbols(codes)
    lines = [
        '"""Currency forms from the Unicode CLDR.\n\n'
        'Generated by tools/build_currency_forms.py; do not edit.\n"""',
        "",
        "from __future__ import annotations",
        "",
        f'CLDR_SOURCE = "CLDR via babel-{babel_version} ({len(names)} names, {len(english)} word names, '
        f'{len(symbols)} symbols)"',
        "",
        "# English display names, singular and plural, and unshared plural last words -> unit.",
        "NAMES: dict[str, str] = {",
        *(f"    {_q(k)}: {_q(v)}," for k, v in sorted(names.items())),
        "}",
        "# Plural last words that are also English words: read as money only beside 100 or more.",
        "WORD_NAMES: dict[str, str] = {",
        *(f"    {_q(k)}: {_q(v)}," for k, v in sorted(english.items())),
        "}",
        "# A territory's own symbol for its currency, written by no other currency.",
        "SYMBOLS: dict[str, str] = {",
        *(f"    {_q(k)}: {_q(v)}," for k, v in sorted(symbols.items())),
        "}",
        "",
    ]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(names)} names, {len(english)} word names, "
          f"{len(symbols)} symbols")


if __name__ == "__main__":
    main()
