// JSON documents (nlohmann::json) to Python objects and back: dict, list, str, int,
// float, bool and None, the types a scene, a model file or a metrics.json holds.
#pragma once

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

namespace regolith::python {

pybind11::object toPython(const nlohmann::json& j);
// Raises TypeError naming the first value that has no JSON form (its path from the root,
// as a JSON pointer) and ValueError for a float that is not finite (JSON has no NaN).
nlohmann::json fromPython(pybind11::handle value);

}  // namespace regolith::python
