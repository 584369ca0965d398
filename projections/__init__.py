"""Read models: pure reducers over ledger events, rebuilt by replay from genesis.

They import event types (and pure text helpers) only — never the ledger, the
store, the clock, or randomness.
"""

from affidavit.projections.base import Projection, ProjectionSet
from affidavit.projections.claims import LIVE, STATES, ClaimGraph, ClaimRecord
from affidavit.projections.disputes import DisputeEdges
from affidavit.projections.entities import Entities, EntityRecord
from affidavit.projections.erased import ErasedSubjects, Tombstone
from affidavit.projections.review import ReviewItem, ReviewQueue
from affidavit.projections.sources import SourceRecord, SourceRegistry

__all__ = [
    "LIVE",
    "STATES",
    "ClaimGraph",
    "ClaimRecord",
    "DisputeEdges",
    "Entities",
    "EntityRecord",
    "ErasedSubjects",
    "Projection",
    "ProjectionSet",
    "ReviewItem",
    "ReviewQueue",
    "SourceRecord",
    "SourceRegistry",
    "Tombstone",
]
