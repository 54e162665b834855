"""regolith.Scene: the same validation as `regolith check`, every problem as a
SceneError with its pointer, and dicts that round-trip."""

import json

import pytest

import regolith


@pytest.fixture
def demo(source_dir):
    return source_dir / "scenes" / "demo" / "demo.smoke.json"


def test_load_builds_the_scene(demo):
    scene = regolith.Scene.load(demo)
    assert scene.owner_count > 200  # 200 grains and the drum
    assert scene.sphere_count >= scene.owner_count
    assert scene.time_step == pytest.approx(3.5e-5)
    assert scene.end_time == pytest.approx(0.1)
    assert scene.steps == round(0.1 / 3.5e-5)
    assert scene.families[0] == "free"
    assert scene.study is None
    assert "demo.smoke.json" in repr(scene)


def test_from_dict_of_to_dict_is_the_same_scene(demo):
    scene = regolith.Scene.load(demo)
    again = regolith.Scene.from_dict(scene.to_dict(), base_dir=demo.parent)
    assert again.to_dict() == scene.to_dict()
    assert (again.owner_count, again.sphere_count, again.steps) == (scene.owner_count, scene.sphere_count, scene.steps)


def test_overrides_are_those_of_set(source_dir):
    path = source_dir / "studies" / "single_wheel" / "single_wheel.smoke.json"
    scene = regolith.Scene.load(path, overrides={"/study/slip": 0.3})
    assert scene.study["slip"] == 0.3
    assert scene.to_dict()["study"]["slip"] == 0.3


def problems_of(document, base_dir):
    with pytest.raises(regolith.SceneError) as caught:
        regolith.Scene.from_dict(document, base_dir=base_dir, name="trial.json")
    return caught.value


@pytest.mark.parametrize(
    "change, pointer",
    [
        # a schema problem: an unknown key
        (lambda d: d.update(time_stepp=1e-5), "/time_stepp"),
        # a schema problem: a wrong type
        (lambda d: d["materials"][0].update(density="heavy"), "/materials/0/density"),
        # a meaning problem: a template naming a material that does not exist
        (lambda d: d["templates"][1]["spheres"][0].update(material="basalt"), "/templates/1/spheres/0/material"),
        # the time-step guard: dt above the Rayleigh limit
        (lambda d: d.update(time_step=1e-2), "/time_step"),
        # a file the scene names that does not exist
        (lambda d: d["templates"][0].update(file="no_such_clump.json"), "/templates/0/file"),
    ],
)
def test_every_problem_class_raises_scene_error_with_its_pointer(demo, change, pointer):
    document = json.loads(demo.read_text())
    change(document)
    error = problems_of(document, demo.parent)
    assert error.file == "trial.json"
    assert any(p.pointer == pointer for p in error.problems), error.problems
    # the message is the command line's text: one "file: pointer: found ..., expected ..."
    # line per problem
    for p in error.problems:
        assert f"trial.json: {p.pointer}: found {p.found}, expected {p.expected}" in str(error)


def test_a_missing_file_is_a_scene_error(tmp_path):
    with pytest.raises(regolith.SceneError) as caught:
        regolith.Scene.load(tmp_path / "nothing.json")
    assert "nothing.json" in str(caught.value)


def test_values_without_json_form_are_refused_with_their_place(demo):
    document = json.loads(demo.read_text())
    document["materials"][0]["density"] = float("nan")
    with pytest.raises(ValueError, match="/materials/0/density"):
        regolith.Scene.from_dict(document, base_dir=demo.parent)
    document["materials"][0]["density"] = object()
    with pytest.raises(TypeError, match="/materials/0/density"):
        regolith.Scene.from_dict(document, base_dir=demo.parent)


def test_a_dict_that_contains_itself_is_refused_not_followed(demo):
    # Issue 41: from_dict followed the cycle until memory ran out.
    document = json.loads(demo.read_text())
    document["materials"][0]["self"] = document
    with pytest.raises(ValueError, match="nested more than 512 levels deep"):
        regolith.Scene.from_dict(document, base_dir=demo.parent)
    looped = []
    looped.append(looped)
    with pytest.raises(ValueError, match="contains itself"):
        regolith.Scene.from_dict({"x": looped}, base_dir=demo.parent)
