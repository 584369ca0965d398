"""The synthetic workload the benches share: one new person per fact, the same for every
system and every size ("Bako Rabason was born in Oslo." quoted from "Bako Rabason was born in
Oslo in 1812.").
"""

from __future__ import annotations

SYLLABLES = [
    "ba", "ko", "ri", "ta", "mel", "dor", "vi", "sa", "lun", "te",
    "ra", "mo", "ki", "pel", "zan", "fi", "go", "nu", "har", "wen",
]  # fmt: skip
CITIES = ["London", "Paris", "Vienna", "Lisbon", "Oslo", "Prague", "Dublin", "Madrid"]


def name(i: int) -> str:
    """A distinct, pronounceable two-word name for person ``i`` (no digits, so the gate
    sees an ordinary proper name)."""
    first = SYLLABLES[i % 20] + SYLLABLES[(i // 20) % 20]
    last = SYLLABLES[(i // 400) % 20] + SYLLABLES[(i // 8000) % 20] + "son"
    return f"{first.capitalize()} {last.capitalize()}"


def fact(i: int) -> tuple[str, str]:
    """Person ``i``'s claim and the evidence it is quoted from."""
    person, city = name(i), CITIES[i % len(CITIES)]
    return f"{person} was born in {city}.", f"{person} was born in {city} in {1800 + i % 200}."


def question(i: int) -> str:
    return f"Where was {name(i)} born?"
