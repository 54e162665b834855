// The pieces of the extension module regolith._regolith (python/src/module.cpp calls each
// bind function once) and the one type they share: the Python side's handle on a built
// scene, shared so that a Simulation keeps the scene it was built from alive however the
// Python objects are dropped.
#pragma once

#include <memory>

#include <pybind11/pybind11.h>

#include "scenes/scene.h"

namespace regolith::python {

struct PyScene {
  std::shared_ptr<const Scene> scene;
};

void bindErrors(pybind11::module_& m);
void bindScene(pybind11::module_& m);
void bindSimulation(pybind11::module_& m);
void bindModels(pybind11::module_& m);
void bindRunFile(pybind11::module_& m);
void bindRun(pybind11::module_& m);
void bindStudies(pybind11::module_& m);
void bindBench(pybind11::module_& m);
// regolith.Robot: only where robots/ is built (MuJoCo found; REGOLITH_ROBOTS).
void bindRobot(pybind11::module_& m);

}  // namespace regolith::python
