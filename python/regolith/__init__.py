"""Regolith from Python: scenes, simulations with NumPy views of their state, and the
terrain models (docs/python.md).

    import regolith
    scene = regolith.Scene.load("scenes/demo/demo.smoke.json")
    sim = regolith.Simulation(scene)
    sim.advance(0.01)
    print(sim.time, sim.owner_positions[:3])

SI units throughout.
"""

import os as _os

# OpenMP threads wait passively at barriers unless the user chose (OMP_WAIT_POLICY or
# GOMP_SPINCOUNT): spinning threads stall a step when one of them shares its core with
# another busy process (issue 41), which an interpreter that lives for hours meets even
# when its simulations start on free cores (core/free_cores.h). libgomp reads the variable
# once, when the extension module loads it, so it is set for that moment only and the
# interpreter's environment is left as it was. (Where another module loaded libgomp
# first, its setting stays.)
_wait_chosen = "OMP_WAIT_POLICY" in _os.environ or "GOMP_SPINCOUNT" in _os.environ
if not _wait_chosen:
    _os.environ["OMP_WAIT_POLICY"] = "PASSIVE"
try:
    from ._regolith import __version__, backend, cpu_vector_level, cpu_vector_levels, default_stream_mode, set_cpu_vector_level, RunFile, Scene, Simulation, collect, metrics, run
finally:
    if not _wait_chosen:
        del _os.environ["OMP_WAIT_POLICY"]
try:  # built where MuJoCo was found (docs/robots.md)
    from ._regolith import Robot
except ImportError:
    pass
from . import batch, fit, models
from .errors import BlowUpError, InputFileError, Problem, SceneError
from .series import body_series, series_by_body

__all__ = ["__version__", "backend", "cpu_vector_level", "cpu_vector_levels", "set_cpu_vector_level", "default_stream_mode", "Scene", "Simulation", "Robot", "RunFile", "run", "metrics", "collect", "batch", "fit", "models", "SceneError", "Problem", "BlowUpError", "InputFileError", "series_by_body", "body_series"]
