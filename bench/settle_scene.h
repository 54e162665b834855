// The benchmark scene of `regolith bench settle|dense`: N monodisperse spheres (r = 5 mm,
// rho = 2600 kg/m^3, E = 1e8 Pa, nu = 0.3, e = 0.4, mu = 0.5, Crr = 0, dt = 1e-5 s,
// g = 9.81) on a simple-cubic lattice of pitch 1.05 d with x/y jitter up to 0.02 d and
// random velocities up to 0.1 m/s per component (vz <= 0), in an open-top box whose floor
// and four side walls fit the lattice footprint. The same scene as
// shared/reference/liggghts-bench/gen_bed.py and in.bench (LIGGGHTS, skin 2 mm).
#pragma once

#include <cstdint>
#include <string>

#include "core/clump_template.h"
#include "core/model.h"
#include "kernels/state_arrays.h"

namespace regolith {

struct SettleScene {
  Model model;
  StateArrays state;
  Vec3d boxLow, boxHigh;  // the container (open at boxHigh.z)
};

inline constexpr double kBenchRadius = 0.005;  // [m]

// The grains of the scene: "sphere" (the above), or "trio": N three-sphere clumps,
// data/clumps/trio_irregular_1mm.json at 5 times its size (spheres of 5, 4 and 3 mm, the
// largest the benchmark sphere), each turned at random, on the lattice above at a pitch of
// 1.05 times the clump's bounding diameter (the clump-bed records of GPU DEM codes are of
// three-sphere clumps, issue 46). The material, step, walls and velocities are the same.
inline const char* const kBenchGrains[] = {"sphere", "trio"};

SettleScene makeSettleScene(std::size_t particles, std::uint64_t seed = 12345, const std::string& grain = "sphere");

// The trio clump of the "trio" scene (its template, material 0 at 2600 kg/m^3).
ClumpTemplate benchTrioTemplate();

// The container's side walls across the named axes ("x", "y" or "xy") taken away and those
// axes made periodic over its width (docs/periodic.md); the floor stays. For a periodic
// bed settle after this: a bed settled against walls and then joined at a seam is two flat
// wall layers that barely touch, and it slumps into the seam (measured: a quarter of its
// contacts lost in 10 ms). Throws std::invalid_argument for other axes.
void makeSidesPeriodic(SettleScene& scene, const std::string& axes);

}  // namespace regolith
