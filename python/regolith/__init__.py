"""Regolith from Python: scenes, simulations with NumPy views of their state, and the
terrain models (docs/python.md).

    import regolith
    scene = regolith.Scene.load("scenes/demo/demo.smoke.json")
    sim = regolith.Simulation(scene)
    sim.advance(0.01)
    print(sim.time, sim.owner_positions[:3])

SI units throughout.
"""

from ._regolith import __version__, backend, cpu_vector_level, cpu_vector_levels, default_stream_mode, set_cpu_vector_level, RunFile, Scene, Simulation, collect, metrics, run
from . import batch, fit, models
from .errors import BlowUpError, InputFileError, Problem, SceneError
from .series import body_series, series_by_body

__all__ = ["__version__", "backend", "cpu_vector_level", "cpu_vector_levels", "set_cpu_vector_level", "default_stream_mode", "Scene", "Simulation", "RunFile", "run", "metrics", "collect", "batch", "fit", "models", "SceneError", "Problem", "BlowUpError", "InputFileError", "series_by_body", "body_series"]
