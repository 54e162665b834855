"""Batch sweeps (docs/batch.md): plan a sweep file into run folders. Run them with
`regolith batch run DIR` (local cores or GPUs) or `regolith batch slurm DIR`; collect the
finished runs with regolith.collect(DIR)."""

from ._regolith import batch as _batch

plan = _batch.plan

__all__ = ["plan"]
