"""Regolith from Python: scenes, simulations with NumPy views of their state, and the
terrain models (docs/python.md).

    import regolith
    scene = regolith.Scene.load("scenes/demo/demo.smoke.json")
    sim = regolith.Simulation(scene)
    sim.advance(0.01)
    print(sim.time, sim.owner_positions[:3])

SI units throughout.
"""

from ._regolith import __version__, backend, default_stream_mode, RunFile, Scene, Simulation, collect, metrics, run
from . import batch, fit, models
from .errors import BlowUpError, InputFileError, Problem, SceneError
from .series import body_series, series_by_body

__all__ = ["__version__", "backend", "default_stream_mode", "Scene", "Simulation", "RunFile", "run", "metrics", "collect", "batch", "fit", "models", "SceneError", "Problem", "BlowUpError", "InputFileError", "series_by_body", "body_series"]
