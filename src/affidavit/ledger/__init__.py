"""The only package that imports apsw: the event ledger and the keystore tables."""

from affidavit.ledger.connection import Durability
from affidavit.ledger.ledger import HeadSeal, Ledger, WriteTx

__all__ = ["Durability", "HeadSeal", "Ledger", "WriteTx"]
