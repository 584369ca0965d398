"""``affidavit.review.review(store, item, decision, note, reviewed_hash=...)``, as documented.

The use case lives in ``affidavit.memory.review``; this name is kept for callers of
the documented library path. ``Store.review`` is the same call on the facade.
"""

from affidavit.memory.review import review

__all__ = ["review"]
