"""Builds the wheel of the Python package `regolith` with CMake (pyproject.toml).

The extension module regolith._regolith is the CMake target regolith_python; this file
configures and builds it, then packs it with the pure-Python files of python/regolith and
the data folder share/regolith (schemas, example scenes), which the module finds at
<venv>/share/regolith as an installed program finds <prefix>/share/regolith
(io/json/data_files.h).

REGOLITH_CMAKE_BUILD_DIR=DIR reuses a configured build folder (e.g. build/cpu): only the
targets are built there (nothing when they are up to date), its cache is left as it is.
Without it the build folder is build/pip, configured here for this interpreter without the
test suite. CMAKE_BUILD_PARALLEL_LEVEL limits the build's jobs as usual.
"""

import importlib.machinery
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = Path(__file__).resolve().parent
SOURCE_SUFFIXES = {".cpp", ".h", ".hpp", ".cu", ".cuh"}


def project_version():
    text = (SOURCE / "CMakeLists.txt").read_text()
    match = re.search(r"project\(regolith VERSION ([0-9.]+)", text)
    if not match:
        raise RuntimeError(f"{SOURCE / 'CMakeLists.txt'}: no `project(regolith VERSION x.y.z ...)` line")
    return match.group(1)


def cmake_build_dir():
    given = os.environ.get("REGOLITH_CMAKE_BUILD_DIR")
    return (Path(given).resolve(), True) if given else (SOURCE / "build" / "pip", False)


def run(command):
    print("regolith setup.py:", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], check=True)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir, reused = cmake_build_dir()
        if reused:
            if not (build_dir / "CMakeCache.txt").is_file():
                raise RuntimeError(f"REGOLITH_CMAKE_BUILD_DIR={build_dir}: no CMakeCache.txt there "
                                   "(configure it first, e.g. cmake --preset cpu)")
        else:
            run(["cmake", "-S", SOURCE, "-B", build_dir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                 "-DREGOLITH_TESTS=OFF", "-DREGOLITH_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"])
        run(["cmake", "--build", build_dir, "--target", "regolith_python", "regolith_share"])

        # The module of this interpreter's ABI: a reused folder may be built for another.
        package = build_dir / "python" / "regolith"
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        module = package / f"_regolith{suffix}"
        if not module.is_file():
            found = sorted(p.name for p in package.glob("_regolith*.so"))
            raise RuntimeError(f"{module} was not built: the CMake build folder {build_dir} holds "
                               f"{found or 'no module'}; this interpreter ({sys.executable}) needs "
                               f"the suffix {suffix}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(module, target)

        # share/regolith as staged by the build (cmake/RegolithPackage.cmake decides what
        # is in it), installed as data files under the environment's prefix. The staged
        # copy of scenes/ also holds the scene compiler's sources, which `cmake --install`
        # leaves out too.
        share = build_dir / "share" / "regolith"
        if not (share / "scene.schema.json").is_file():
            raise RuntimeError(f"{share}/scene.schema.json is missing after building regolith_share")
        files = {}
        for path in sorted(share.rglob("*")):
            if path.is_file() and path.suffix not in SOURCE_SUFFIXES and path.name != "CMakeLists.txt":
                destination = Path("share", "regolith", path.parent.relative_to(share))
                files.setdefault(str(destination), []).append(str(path))
        self.distribution.data_files = sorted(files.items())


# setuptools' own scratch (build/lib.*, build/bdist.*, regolith.egg-info) under build/,
# which git ignores, not in the source tree's root.
(SOURCE / "build").mkdir(exist_ok=True)
setup(
    options={"egg_info": {"egg_base": "build"}},
    version=project_version(),
    packages=["regolith"],
    package_dir={"regolith": "python/regolith"},
    package_data={"regolith": ["*.pyi", "py.typed"]},
    ext_modules=[Extension("regolith._regolith", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
