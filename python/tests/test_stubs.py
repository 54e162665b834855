"""The type stubs (regolith/_regolith.pyi) name every class, function, method and
property the extension module has, and nothing it lacks: a binding added without its stub
(or a stub left after its binding went) fails here."""

import ast
import inspect
import pathlib

import regolith
from regolith import _regolith


# Classes of the stubs that a build may lack: Robot needs MuJoCo.
OPTIONAL = {"Robot"}


def stub_tree():
    path = pathlib.Path(regolith.__file__).with_name("_regolith.pyi")
    return ast.parse(path.read_text())


def names_in(body):
    """The stubs' public names (dunders and private aliases such as _Path left out)."""
    out = {}
    for node in body:
        if isinstance(node, ast.ClassDef):
            out[node.name] = names_in(node.body)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out[node.name] = None
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out[node.target.id] = None
    return {k: v for k, v in out.items() if not k.startswith("_")}


def public(obj):
    return {n for n in dir(obj) if not n.startswith("_")}


def members(obj):
    """Public names of a module or class, each a dict of its own members for classes and
    submodules, None otherwise."""
    out = {}
    for name in public(obj):
        value = getattr(obj, name)
        if inspect.isclass(value) or inspect.ismodule(value):
            out[name] = members(value)
        else:
            out[name] = None
    return out


def compare(module, stub, where):
    problems = []
    for name in sorted(set(module) | set(stub)):
        if name not in stub:
            problems.append(f"{where}{name}: in the module, not in the stubs")
        elif name not in module:
            # Robot is built only where MuJoCo was found (docs/robots.md)
            if not (where == "" and name in OPTIONAL):
                problems.append(f"{where}{name}: in the stubs, not in the module")
        elif isinstance(module[name], dict) and isinstance(stub[name], dict):
            problems += compare(module[name], stub[name], f"{where}{name}.")
    return problems


def test_stubs_name_what_the_module_has():
    assert compare(members(_regolith), names_in(stub_tree().body), "") == []
