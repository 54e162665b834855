"""The reduced-order terrain models, without the engine (no GPU needed): resistive force
theory on a triangle mesh (RFT), the Bekker-Wong rigid wheel (RigidWheel, soil_presets)
and the model files `regolith fit` writes (load, FittedModel). SI units throughout."""

from ._regolith import models as _models

RFT = _models.RFT
RigidWheel = _models.RigidWheel
soil_presets = _models.soil_presets
FittedModel = _models.FittedModel
load = _models.load

__all__ = ["RFT", "RigidWheel", "soil_presets", "FittedModel", "load"]
