// What a periodic run asks of its model (docs/periodic.md): a box of finite, positive
// periods, and analytic boundaries that look the same from every image of a grain (a
// plane parallel to the periodic axes, a wall or cylinder that spans the period). Mesh
// triangles are always fine: they meet the grains' nearest images.
#pragma once

#include <string>

#include "core/model.h"

namespace regolith {

// The first thing wrong with the model's periodic box and boundaries, "" when nothing
// is (and when no axis is periodic). `boundary` is set to the boundary at fault, or -1.
std::string periodicModelProblem(const Model& m, int* boundary = nullptr);

// The box for periods along the named axes of [lo, hi] (the others not periodic).
PeriodicBox periodicBoxOf(const Vec3d& lo, const Vec3d& hi, bool x, bool y, bool z);

}  // namespace regolith
