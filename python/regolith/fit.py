"""The calibrations of `regolith fit` (docs/models.md, "Calibration from DEM"): RFT from
plate-intrusion runs, regression and Bekker-Wong from single-wheel runs. Each returns the
model JSON the command writes, as a dict (and writes it with out=...)."""

from ._regolith import fit as _fit

rft = _fit.rft
regression = _fit.regression
bekker = _fit.bekker

__all__ = ["rft", "regression", "bekker"]
