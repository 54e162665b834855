// What a periodic run asks of its model (docs/periodic.md): a box of finite, positive
// periods, and analytic boundaries that look the same from every image of a grain (a
// plane parallel to the periodic axes, a wall or cylinder that spans the period). Mesh
// triangles are always fine: they meet the grains' nearest images.
#pragma once

#include <array>
#include <string>

#include "core/model.h"

namespace regolith {

// The first thing wrong with the model's periodic box and boundaries, "" when nothing
// is (and when no axis is periodic). `boundary` is set to the boundary at fault, or -1.
std::string periodicModelProblem(const Model& m, int* boundary = nullptr);

// The box for periods along the named axes of [lo, hi] (the others not periodic).
PeriodicBox periodicBoxOf(const Vec3d& lo, const Vec3d& hi, bool x, bool y, bool z);

// The axes' names as scenes and run files spell them.
inline constexpr const char* kAxisNames[3] = {"x", "y", "z"};

// A scene's "domain" as given: the box of the run and which of its axes are periodic.
// The run file keeps it (/meta/domain), so a viewer can draw the box and a bed source
// knows the period of a periodic bed.
struct Domain {
  Vec3d lo, hi;  // [m]
  std::array<bool, 3> periodic{};
  PeriodicBox box() const { return periodicBoxOf(lo, hi, periodic[0], periodic[1], periodic[2]); }
  bool anyPeriodic() const { return periodic[0] || periodic[1] || periodic[2]; }
};

}  // namespace regolith
