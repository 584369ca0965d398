"""A message's signature block read as the sentences it stands for.

"Kind regards,\\nSenyo Ametewee\\nHR, Volta Savings & Loans" ends a letter its writer signed
with their department and employer: Senyo Ametewee works in HR at Volta Savings & Loans;
"Tiêu Quyết Thắng, Operations Manager\\nThịnh Vượng Textiles" says he is the operations
manager there. ``signature_readings`` gives those sentences for a second reading by the
gate, each tried on its own.

A signature block is the message's last two lines: a name alone (a role may follow it
after a comma), then the line under it ("HR, Volta Savings & Loans", "Thịnh Vượng
Textiles"). The name must close the message's text: the line above it is a sign-off
("Regards,") or ends a sentence. A role is read as the signer's job at the organisation
(or place) the block names, never at any other the message mentions.
"""

from __future__ import annotations

import re

from affidavit.gates.write_parse import mentions
from affidavit.gates.write_tenure import in_sentence
from affidavit.gates.write_writer import nonblank_lines

_ENDED = (",", ".", "!", "?", ")")
_SPLIT = re.compile(r"[ \t]*(?:,|\||[—–]|[ \t]-[ \t])[ \t]*")


def signature_readings(evidence: str) -> list[tuple[int, int, str]]:
    """(start, end, reading) for the signature block that closes ``evidence``."""
    lines = nonblank_lines(evidence)
    if len(lines) < 3:
        return []
    (na, nb), (la, lb) = lines[-2], lines[-1]
    if not evidence[lines[-3][0] : lines[-3][1]].rstrip().endswith(_ENDED):
        return []
    found = mentions(evidence, na, nb)
    if not found or found[0].start != evidence.find(evidence[na:nb].strip(), na) or found[0].possessive:
        return []
    person = found[0]
    role_here = evidence[person.end : nb].strip()
    if role_here and not role_here.startswith(","):
        return []  # the line holds more than a name and a role after a comma
    role_here = role_here.lstrip(", ").strip()
    if role_here.endswith(":") or any(ch.isdigit() for ch in role_here):
        return []  # "Pedyr Penhallow, Fri 30 Jan:" heads a quoted message; no role there
    parts = [p.strip() for p in _SPLIT.split(evidence[la:lb].strip()) if p.strip()]
    if evidence[la:lb].rstrip().endswith((".", "!", "?")) and len(evidence[la:lb].split()) > 4:
        return []  # the last line is a sentence, not an organisation's name
    if not parts or len(parts) > 2 or not parts[-1][:1].isupper():
        return []
    org = parts[-1]
    role = role_here or (parts[0] if len(parts) == 2 else "")
    if len(parts) == 2 and role_here:
        return []  # a role on both lines: not a plain block
    p = person.name
    out = [f"{p} works at {org}."]
    if role:
        r = in_sentence(role)
        out = [f"{p} works in {r} at {org}.", f"{p} is the {r} at {org}.", f"{p} is the {r} of {org}.", *out]
    return [(na, lb, said) for said in out]
