"""The engine: open, verify, replay, catch up, and the one sealed write path.

It knows the ledger (through ``affidavit.ledger.LedgerBackend``), the keyring and the
projections, and no use case: remember, recall, forget and the rest live in
``affidavit.memory`` as functions over an ``Engine``.
"""

from affidavit.engine.content import clear_text_caches
from affidavit.engine.engine import ENGINE_RESOLVER, Engine, WriteContext, complete_interrupted
from affidavit.engine.opening import open_engine
from affidavit.engine.paths import LEDGER_FILE, default_store_path
from affidavit.engine.transaction import Draft

__all__ = [
    "ENGINE_RESOLVER",
    "LEDGER_FILE",
    "Draft",
    "Engine",
    "WriteContext",
    "clear_text_caches",
    "complete_interrupted",
    "default_store_path",
    "open_engine",
]
