"""Numbers, amounts, units and dates, normalised so that equal values compare equal.

``12,500`` = ``12500``; ``three`` = ``3``; ``£2,000`` = ``two thousand pounds``;
``$1.8 billion`` = ``$1,800,000,000``; ``March 3, 2021`` = ``3 March 2021`` =
``2021-03-03``; ``5 mg`` = ``5mg``. Pure functions over text.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

import msgspec

from affidavit.text.currencies import (
    CODES,
    code_before,
    family_supports,
    name_after,
    symbol_unit,
    unsure_supports,
    word_code_before,
    word_name_after,
)
from affidavit.text.iso4217 import THREE_DECIMAL_CODES
from affidavit.text.memo import memo


class Quantity(msgspec.Struct, frozen=True):
    """A number with an optional unit (currency, dose, measure, percent)."""

    value: Decimal
    unit: str | None
    surface: str


class DateValue(msgspec.Struct, frozen=True):
    """A calendar date; month and day may be unknown ("March 2022", "2012")."""

    year: int
    month: int | None
    day: int | None
    surface: str

    def covered_by(self, other: DateValue) -> bool:
        """Whether ``other`` states at least what this date states."""
        return (
            self.year == other.year
            and (self.month is None or self.month == other.month)
            and (self.day is None or self.day == other.day)
        )


_MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "dozen": 12, "once": 1, "twice": 2,
    "thrice": 3,
}  # fmt: skip
_SCALES = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9,
           "trillion": 10**12, "k": 1000, "m": 10**6, "bn": 10**9,
           "mio": 10**6, "mln": 10**6, "mld": 10**9,
           "lakh": 10**5, "lakhs": 10**5, "crore": 10**7, "crores": 10**7}  # fmt: skip

_CURRENCY_SYMBOL = {"$": "usd", "£": "gbp", "€": "eur", "¥": "jpy"}
_UNITS = {
    "dollar": "usd", "dollars": "usd", "usd": "usd", "pound": "gbp", "pounds": "gbp",
    "gbp": "gbp", "euro": "eur", "euros": "eur", "eur": "eur", "yen": "jpy",
    "mg": "mg", "milligram": "mg", "milligrams": "mg", "g": "g", "gram": "g", "grams": "g",
    "kg": "kg", "kilogram": "kg", "kilograms": "kg", "mcg": "mcg", "µg": "mcg", "μg": "mcg",
    "microgram": "mcg", "micrograms": "mcg", "ml": "ml",
    "millilitre": "ml", "millilitres": "ml", "l": "l", "litre": "l", "litres": "l",
    "iu": "iu", "units": "iu", "%": "%", "percent": "%", "per cent": "%",
    "km": "km", "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km",
    "m": "m", "metre": "m", "metres": "m", "meter": "m", "meters": "m", "cm": "cm",
    "mm": "mm", "mile": "mile", "miles": "mile", "hour": "h", "hours": "h", "h": "h",
    "minute": "min", "minutes": "min", "min": "min", "day": "day", "days": "day",
    "week": "week", "weeks": "week", "month": "month", "months": "month",
    "year": "year", "years": "year", "mph": "mph", "kmh": "kmh",
    # Notes and chat shorten time units ("x3 wks", "12 yrs experience", "45 mins").
    "hr": "h", "hrs": "h", "mins": "min", "wk": "week", "wks": "week", "yr": "year", "yrs": "year",
    "decade": "decade", "decades": "decade", "fortnight": "fortnight", "fortnights": "fortnight",
}  # fmt: skip
# Time units as multiples of one base in each family whose conversion is exact: "four
# decades" is "forty years", "two weeks" "14 days", "an hour and a quarter" "75 minutes".
_IN_MINUTES = {"min": 1, "h": 60, "day": 1440, "week": 10080, "fortnight": 20160}
_IN_MONTHS = {"month": 1, "year": 12, "decade": 120}
DOSE_UNITS = frozenset({"mg", "g", "mcg", "ml", "iu"})

_NUMWORDS = "|".join(sorted(list(_SMALL) + list(_SCALES), key=len, reverse=True))
_WORD_NUMBER = re.compile(
    rf"\b(?:(?:{_NUMWORDS})(?:[\s-]+(?:and[\s-]+)?(?=(?:{_NUMWORDS})\b))?)+\b", re.IGNORECASE
)
_DIGITS = re.compile(
    # "9,60,000": the Indian grouping (lakh, crore) of 960,000, before the western one.
    r"(?<![\w.])([$£€¥])?\s?(\d{1,2}(?:,\d\d)+,\d{3}(?![\d,])|\d{1,3}(?:,\d{3})+|\d+)(\.\d+)*(?![\w]|\.\d)|"
    r"(?<![\w.])([$£€¥])?\s?(\d+(?:\.\d+)*)(?=[a-zA-Zµμ%])"
)
# "three more years", "two extra days": the unit after a word that only adds to the count.
_UNIT_AFTER = re.compile(
    r"\s?(?:(?:more|extra|additional|further)\s+)?(per cent|%|[a-zA-Zµμ]+)", re.IGNORECASE
)
# An ISO currency code before the number makes a bare "m" or "k" after it a scale
# ("CHF 95m" is 95 million francs, not 95 metres).
_CODE_BEFORE = re.compile(
    r"\b(?:CHF|USD|EUR|GBP|JPY|AUD|CAD|NZD|SEK|NOK|DKK|ISK|INR|CNY|ZAR|HKD|SGD|BRL|MXN|PLN|"
    r"CZK|HUF|KRW|TRY|AED|SAR|US\$|A\$|C\$|NZ\$)\s?$"
)
_NO_ONE = re.compile(r"\b[Nn]o[\s-]$")
_SCALE_WORDS = frozenset({"dozen", "hundred", "thousand", "million", "billion"})
_ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th)\b")
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}  # fmt: skip
# "second" after these is the unit of time ("a second", "per second").
_NOT_ORDINAL_BEFORE = frozenset({"a", "per", "one", "split", "every", "each"})
_ORDINAL_WORD = re.compile(r"\b(" + "|".join(_ORDINALS) + r")\b", re.IGNORECASE)
# "half a million", "a dozen": a scale word with an article before it.
_ARTICLE_SCALE = re.compile(
    r"\b(?:(half) an?|an?)\s+(dozen|hundred|thousand|million|billion)\b", re.IGNORECASE
)
_AND_MORE = re.compile(
    r"[\s-]+(?:and[\s-]+)?(?P<more>(?:(?:" + "|".join(sorted(_SMALL, key=len, reverse=True))
    + r")(?:[\s-]+(?=\w))?)+)\b",
    re.IGNORECASE,
)
_SCALE_AFTER = re.compile(
    r"\s?(hundred|thousand|million|billion|trillion|bn|mio|mln|mld|lakhs?|crores?|k|m)\b", re.IGNORECASE
)
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
# "21/06/1984", "21.06.1984": read only when the order is certain (one part above
# 12, or both equal); "03/04/2020" stays a row of numbers.
_DIGIT_SEP = re.compile(r"\d[/.-]\d")
_NUMERIC = re.compile(r"(?<![\w./-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\w/-]|\.\d)")
# A month's name or abbreviation, longest first (a regex alternation; match case-blind).
MONTH_WORD = "|".join(sorted(_MONTHS, key=len, reverse=True))
_DMY = re.compile(
    rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH_WORD})\.?,?\s+(\d{{4}})\b", re.IGNORECASE
)
_MDY = re.compile(rf"\b({MONTH_WORD})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.IGNORECASE)
_MY = re.compile(rf"\b({MONTH_WORD})\.?,?\s+(\d{{4}})\b", re.IGNORECASE)
_YEAR = re.compile(r"(?<![\w.,$£€-])(1[5-9]\d\d|20\d\d)(?![\w%]|[.,]\d|\s?(?:mg|kg|km|m|g)\b)")


# Cheap pre-checks so the slow patterns (long IGNORECASE alternations tried at every
# position) run only on text that could match them. Exact for ASCII text, where
# lower-casing equals the patterns' case-insensitive matching; other text runs
# every pattern.
_ANY_DIGIT = re.compile(r"\d")
_RUN = re.compile(r"\w+")
_MONTH_WORDS = frozenset(_MONTHS)
# A worded number yields a value only when every word of it is one of these whole
# words ("k", "m", "bn" alone make ``_word_value`` give up).
_VALUE_WORDS = frozenset(_SMALL) | (frozenset(_SCALES) - {"k", "m", "bn"})


_FOUR_DIGITS = re.compile(r"\d\d\d\d")


@memo(maxsize=16384)
def word_runs(text: str) -> frozenset[str] | None:
    """Lower-cased word runs of an ASCII text; ``None`` means "do not pre-filter"."""
    return frozenset(_RUN.findall(text.lower())) if text.isascii() else None


def _word_value(text: str) -> Decimal | None:
    total, current = 0, 0
    seen = False
    for word in re.split(r"[\s-]+", text.casefold()):
        if word == "and" or not word:
            continue
        if word in _SMALL:
            current += _SMALL[word]
            seen = True
        elif word in _SCALES and word not in ("k", "m", "bn"):
            current = max(current, 1) * _SCALES[word]
            if _SCALES[word] >= 1000:
                total, current = total + current, 0
            seen = True
        else:
            return None
    return Decimal(total + current) if seen else None


def _unit_at(text: str, pos: int) -> tuple[str | None, int]:
    match = _UNIT_AFTER.match(text, pos)
    if match:
        unit = _UNITS.get(match.group(1).casefold())
        if unit is not None:
            return unit, match.end()
    return None, pos


def month_number(word: str) -> int | None:
    """1-12 for a month name or its abbreviation ("Mar", "sept"), else None."""
    return _MONTHS.get(word.casefold().rstrip("."))


_DATED_MONTH = re.compile(
    # "4 Mar", "Mar 2024", "Mar 4," / "Mar 4th" (not "Jan 12 times": a name and a count)
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?P<m>[A-Za-z]{3,9})\b\.?"
    r"|\b(?P<n>[A-Za-z]{3,9})\.?\s+(?:\d{4}\b|\d{1,2}(?:st|nd|rd|th)?(?=\s*(?:[,.;)]|$|\d{4})))"
)


def dated_months(text: str) -> frozenset[int]:
    """Months the text names beside a day or a year ("Tue 4 Mar", "Mar 4", "Sept 2024"):
    a date, even where an abbreviation is also a word ("mar", "jan")."""
    out = set()
    for m in _DATED_MONTH.finditer(text):
        number = month_number(m.group("m") or m.group("n"))
        if number is not None:
            out.add(number)
    return frozenset(out)


@memo(maxsize=16384)
def dates(text: str) -> tuple[tuple[DateValue, ...], tuple[tuple[int, int], ...]]:
    """Dates in ``text`` and the character ranges they occupy."""
    found: list[DateValue] = []
    taken: list[tuple[int, int]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    if not _ANY_DIGIT.search(text):
        return (), ()  # every date pattern needs a year
    runs = word_runs(text)
    named = runs is None or not runs.isdisjoint(_MONTH_WORDS)  # a month is a whole word
    patterns: tuple[tuple[re.Pattern[str], str], ...] = ((_ISO, "ymd"),) if "-" in text else ()
    if named:
        patterns += ((_DMY, "dmy"), (_MDY, "mdy"), (_MY, "my"))
    for pattern, order in patterns:
        for m in pattern.finditer(text):
            if not free(m.start(), m.end()):
                continue
            g = m.groups()
            try:
                if order == "ymd":
                    y, mo, d = int(g[0]), int(g[1]), int(g[2])
                elif order == "dmy":
                    y, mo, d = int(g[2]), _MONTHS[g[1].casefold()], int(g[0])
                elif order == "mdy":
                    y, mo, d = int(g[2]), _MONTHS[g[0].casefold()], int(g[1])
                else:
                    y, mo, d = int(g[1]), _MONTHS[g[0].casefold()], 0
            except (KeyError, ValueError):
                continue
            found.append(DateValue(y, mo, d or None, m.group(0)))
            taken.append((m.start(), m.end()))
    for m in _NUMERIC.finditer(text) if _DIGIT_SEP.search(text) else ():
        a, b, y = int(m.group(1)), int(m.group(3)), int(m.group(4))
        if not free(m.start(), m.end()) or (a <= 12 and b <= 12 and a != b):
            continue  # day-month or month-day: unknown, so no date at all
        d, mo = (a, b) if a > 12 or a == b else (b, a)
        if 1 <= mo <= 12 and 1 <= d <= 31:
            found.append(DateValue(y, mo, d, m.group(0)))
            taken.append((m.start(), m.end()))
    for m in _YEAR.finditer(text) if _FOUR_DIGITS.search(text) else ():
        if free(m.start(), m.end()):
            found.append(DateValue(int(m.group(1)), None, None, m.group(0)))
            taken.append((m.start(), m.end()))
    return tuple(found), tuple(taken)


_CLOCK = re.compile(r"(?<![\d:.,])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])(?:\s?([ap]\.?m\.?)(?!\w))?", re.I)
# Continental groupings: "12 000" (a space or no-break space between thousands), and the
# decimals below. ``_regrouped`` rewrites them in the same number of characters ("12,000",
# "1.2 mio"), so every offset stays the text's.
_SPACE_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d]|[.,]\d)")


_REGROUP_HINT = re.compile(r"\d[ \u00a0\u202f]\d|\d,\d|\d\.\d{3}|\d['’]\d{3}")
# Continental decimals. A comma followed by one or two digits and no third is never an
# English thousands separator, so it is a decimal comma ("2,5 km", "12,50 EUR", "994,50 €",
# "1,2 mio" before a scale);
# read as two numbers it gave a claim either half ("ran 5 km" from "2,5 km"). Written
# with thousands grouped by dots or spaces before it, the groups are thousands
# ("1.350,00", "12 000,50"); the Swiss group thousands with an apostrophe ("CHF 1'250.00").
_GROUPED_DECIMAL = re.compile(
    r"(?<![\d.,'’])\d{1,3}(?:(?:\.\d{3})+|(?:[ \u00a0\u202f]\d{3})+),\d{1,2}(?![\d]|[.,]\d)"
)
_APOSTROPHE_GROUPED = re.compile(r"(?<![\d.,'’])\d{1,3}(?:['’]\d{3})+(?![\d'’])")
_DECIMAL_COMMA = re.compile(
    r"(?<![\d.,'’])(?<!\d[ \u00a0\u202f])(\d+),(\d{1,2})(?![\d]|[.,]\d)"
)
# A currency symbol written after its amount, as much of Europe does ("994,50 €", "25 $");
# not one that opens the next amount ("5 €10").
_SYMBOL_AFTER = re.compile(r"[ \u00a0]?([$£€¥])(?![ \u00a0]?\d)")
_TO_ENGLISH = str.maketrans({".": ",", " ": ",", "\u00a0": ",", "\u202f": ",", ",": "."})
# Thousands grouped by dots, as much of Europe writes them: two groups or more ("1.310.000",
# never a decimal), or one group beside "kr" ("54.400 kr.", "kr. 54.400"), which names no
# one currency (krona, krone, króna) and so is no currency ``_money_group`` can see; one
# group beside any other currency is ``_money_group``'s.
_DOT_GROUPED = re.compile(
    r"(?<![\d.,])\d{1,3}(?:\.\d{3}){2,}(?![\d]|[.,]\d)"
    r"|(?<![\d.,])\d{1,3}\.\d{3}(?![\d]|[.,]\d)(?=[ \u00a0]?(?:kr\b|kr\.))"
    r"|(?<=kr\. )\d{1,3}\.\d{3}(?![\d]|[.,]\d)"
)


def _regrouped(text: str) -> str:
    if _REGROUP_HINT.search(text) is None:
        return text  # the common text: no digit group a space or comma could join
    out = _GROUPED_DECIMAL.sub(lambda m: m.group(0).translate(_TO_ENGLISH), text)
    out = _APOSTROPHE_GROUPED.sub(lambda m: re.sub("['’]", ",", m.group(0)), out)
    out = _SPACE_GROUPED.sub(lambda m: re.sub(r"[ \u00a0\u202f]", ",", m.group(0)), out)
    out = _DOT_GROUPED.sub(lambda m: m.group(0).replace(".", ","), out)
    out = _ONE_DOT_GROUP.sub(lambda m: _money_group(text, m), out)
    return _DECIMAL_COMMA.sub(lambda m: f"{m.group(1)}.{m.group(2)}", out)


# One dot before exactly three digits ("₲ 64.000", "R$ 7.800", "Gs. 350.000").
_ONE_DOT_GROUP = re.compile(r"(?<![\d.,])\d{1,3}\.\d{3}(?![\d]|[.,]\d)")


def _money_group(text: str, m: re.Match[str]) -> str:
    """The dot of an amount beside a currency read as a thousands separator, unless the
    currency's minor unit is three digits (ISO 4217): money is not written to a tenth of
    a cent, so "₲ 64.000" is sixty-four thousand guaraníes, not sixty-four."""
    beside = code_before(text, m.start()) or name_after(text, m.end())
    unit = beside[0].upper() if beside is not None else ""
    if unit in CODES and unit not in THREE_DECIMAL_CODES:
        return m.group(0).replace(".", ",")
    return m.group(0)


@memo(maxsize=16384)
def quantities(text: str) -> tuple[Quantity, ...]:
    """Every non-date number in ``text`` with its unit, normalised."""
    work = _regrouped(text)
    if work == text:
        return _quantities(text)
    # Read the regrouped text; quote each surface as the original text writes it.
    out, pos = [], 0
    for q in _quantities(work):
        at = work.find(q.surface, pos)
        if at == -1:
            at = work.find(q.surface)
        surface = text[at : at + len(q.surface)] if at != -1 else q.surface
        out.append(Quantity(q.value, q.unit, surface))
        pos = at + len(q.surface) if at != -1 else pos
    return tuple(out)


# After a number: a lower-case word that is what it counts, not a function word.
_COUNTED_NOUN = re.compile(
    r"[ \t]+(?!(?:for|to|in|on|at|a|an|per|each|from|and|or|by|with|as|was|is|were|are|paid|of|"
    r"only|total|in total|a month|a year)\b)[a-z]"
)
# "1 crore 20 lakh", "2 lakh 50 thousand": one amount in two scaled parts.
_COMPOUND_SCALE = re.compile(r"[ \t]+\d[\d,.]*[ \t]*(?:lakhs?|crores?|thousand|hundred)\b", re.I)
# After a "5k": a race's distance (five kilometres), not five thousand.
_RACE_AFTER = re.compile(r"[ \t-]*(?i:run|race|walk|jog|swim|fun run|trail)\b")


def _scale_k_alone(text: str, scale: re.Match[str]) -> bool:
    """A "k" written onto its number ("3k lari", "for 3.5k.", "10k steps"): a thousand,
    except a race's distance ("a 5k run")."""
    return (scale.group(1) in ("k", "K") and scale.start() == scale.start(1)
            and _RACE_AFTER.match(text, scale.end()) is None)


def _quantities(text: str) -> tuple[Quantity, ...]:
    _, taken = dates(text)
    out: list[Quantity] = []
    used: list[tuple[int, int]] = list(taken)

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in used)

    has_digit = bool(taken) or _ANY_DIGIT.search(text) is not None
    # "14:02", "9:30 am": a clock time is one value, not the numbers 14 and 2.
    for m in _CLOCK.finditer(text) if has_digit and ":" in text else ():
        if free(m.start(), m.end()):
            hours, minutes = int(m.group(1)), int(m.group(2))
            if (m.group(3) or "").casefold().startswith("p") and hours < 12:
                hours += 12
            out.append(Quantity(Decimal(hours * 100 + minutes), "clock", m.group(0)))
            used.append((m.start(), m.end()))
    for m in _DIGITS.finditer(text) if has_digit else ():
        if not free(m.start(), m.end()):
            continue
        symbol = m.group(1) or m.group(4)
        if m.group(2) is not None:
            raw = m.group(2).replace(",", "") + (m.group(3) or "")
            whole = m.group(0)
            if whole.count(".") > 1:
                raw = whole.lstrip("$£€¥ ").replace(",", "")
        else:
            raw = m.group(5)
        try:
            value = Decimal(raw) if raw.count(".") <= 1 else None
        except InvalidOperation:
            value = None
        end = m.end()
        scale = _SCALE_AFTER.match(text, end)
        prefix = None if symbol else code_before(text, m.start())
        coded = symbol or prefix or _CODE_BEFORE.search(text, max(0, m.start() - 5), m.start())
        if scale and _COMPOUND_SCALE.match(text, scale.end()):
            value = None  # "₹1 crore 20 lakh": the amount is the sum, not the first part
        if value is not None and scale and (coded or scale.group(1).casefold() not in "km"
                                            or name_after(text, scale.end()) is not None
                                            or _scale_k_alone(text, scale)):
            # "3k lari", "sold it for 3k.": a bare k is a thousand before a currency or alone
            value *= _SCALES[scale.group(1).casefold()]
            end = scale.end()
        after = name_after(text, end)
        if after is None and prefix is None and not symbol and value is not None and value >= 100:
            after = word_name_after(text, end)  # "50,000 dram", "1.2 million AMD"
            counted = _COUNTED_NOUN.match(text, end)  # "ALL 500 tickets", "an AMD 5800 processor"
            prefix = word_code_before(text, m.start()) if counted is None else None  # "GEL 4,500"
        unit, end2 = after if after is not None else _unit_at(text, end)
        if symbol:
            unit = symbol_unit(symbol, text)
        elif prefix is not None:
            unit = prefix[0]
        elif unit is None and (trail := _SYMBOL_AFTER.match(text, end)) is not None:
            unit, end2 = symbol_unit(trail.group(1), text), trail.end()  # "994,50 €"
        if unit is None and m.group(5) is not None and _ORDINAL_AFTER.match(text, end):
            unit, end2 = "ord", _ORDINAL_AFTER.match(text, end).end()  # type: ignore[union-attr]
        if value is None:  # a version string such as 2.7.3 compares as text
            out.append(Quantity(Decimal(0), "version:" + raw, m.group(0)))
        else:
            first = prefix[1] if prefix is not None else m.start()  # "USD 2.4m": the code too
            out.append(Quantity(value.normalize(), unit, text[first : max(end, end2)]))
        used.append((m.start(), max(end, end2)))
    runs = word_runs(text)
    for m in _ARTICLE_SCALE.finditer(text) if runs is None or not runs.isdisjoint(_SCALE_WORDS) else ():
        if free(m.start(), m.end()):
            half = Decimal("0.5") if m.group(1) else Decimal(1)
            scale_value = _SMALL.get(m.group(2).casefold()) or _SCALES[m.group(2).casefold()]
            value, end = half * scale_value, m.end()
            # "a hundred and twenty": the article's scale, then the words that add to it.
            rest = _AND_MORE.match(text, end) if not m.group(1) else None
            more = _word_value(rest.group("more").rstrip(" -")) if rest is not None else None
            if rest is not None and more is not None and more < scale_value:
                value, end = value + more, rest.start("more") + len(rest.group("more").rstrip(" -"))
            out.append(Quantity(value.normalize(), None, text[m.start() : end]))
            used.append((m.start(), end))
    for m in _ORDINAL_WORD.finditer(text) if runs is None or not runs.isdisjoint(_ORDINALS) else ():
        before = text[max(0, m.start() - 8) : m.start()].split()
        if free(m.start(), m.end()) and not (before and before[-1].casefold() in _NOT_ORDINAL_BEFORE):
            out.append(Quantity(Decimal(_ORDINALS[m.group(1).casefold()]), "ord", m.group(0)))
            used.append((m.start(), m.end()))
    worded = runs is None or not runs.isdisjoint(_VALUE_WORDS)
    for m in _WORD_NUMBER.finditer(text) if worded else ():
        if not free(m.start(), m.end()):
            continue
        word_value = _word_value(m.group(0))
        if word_value is None:
            continue
        if (m.group(0).casefold() == "one" and _NO_ONE.search(text, max(0, m.start() - 4), m.start())
                and text[m.end() : m.end() + 1] != "-"):
            continue  # "no one", "no-one": nobody, not a count of one (but "no one-day tickets")
        named = name_after(text, m.end())  # "five thousand pesos", "fifteen thousand kroner"
        unit, end = named if named is not None else _unit_at(text, m.end())
        # "a thousand", "the one" are rare in claims; a bare scale word is a number too.
        out.append(Quantity(word_value.normalize(), unit, text[m.start() : end]))
        used.append((m.start(), end))
    return tuple(out)


def quantity_supported(claim_q: Quantity, evidence: tuple[Quantity, ...]) -> bool:
    """Whether the evidence states the claim's number with a compatible unit."""
    for q in evidence:
        if q.value != claim_q.value:
            continue
        if claim_q.unit is not None and claim_q.unit.startswith("version:"):
            if q.unit == claim_q.unit:
                return True
            continue
        if claim_q.unit is None or q.unit == claim_q.unit:
            return True
    for q in evidence:  # the same length of time in another unit
        for family in (_IN_MINUTES, _IN_MONTHS):
            if (claim_q.unit in family and q.unit in family and q.unit != claim_q.unit
                    and claim_q.value * family[claim_q.unit] == q.value * family[q.unit]):
                return True
    for q in evidence:
        if q.value != claim_q.value or (claim_q.unit is not None and claim_q.unit.startswith("version:")):
            continue
        if family_supports(q.unit, claim_q.unit):
            return True  # "600 rupees" for "₹600"
        if unsure_supports(q.unit, claim_q.unit, claim_q.surface):
            return True  # "$1.2 million" quoted from a text whose "$" names no country
        if claim_q.unit == "ord" and q.unit is None:
            return True  # "5th" for "floor 5": the same position, as before ordinals
    return False


def date_supported(claim_d: DateValue, evidence: tuple[DateValue, ...]) -> bool:
    """Whether some evidence date states at least what the claim's date states."""
    return any(claim_d.covered_by(d) for d in evidence)
