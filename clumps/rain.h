// Rain: random sequential addition of particles into a region, each clear of every particle
// placed before (the scene's "rain" source, scenes/sources.cpp, which adds the templates'
// weights, size classes and batched release).
#pragma once

#include <cstdint>
#include <functional>
#include <random>

#include "clumps/placement.h"
#include "kernels/backend/vec3.h"

namespace regolith {

// Tries of one particle's place before the region counts as full.
inline constexpr int kRainTriesPerParticle = 1000;

// Places up to `count` particles in [lo, hi]: for each, `draw` picks its template (by
// weight and size class, from `rng`), then centres (its bounding sphere, radius(t), inside
// the region) and orientations are drawn until one keeps `gap` from every sphere of
// `grid`; `place` adds it (to the world and to `grid`). Drawing the particle once and
// retrying only its place keeps the weights: retrying the draw too would favour the small
// ones, which fit more often. Returns how many were placed: `count`, or fewer when one
// found no room in kRainTriesPerParticle tries (the next is then not drawn). Along the
// periodic axes of the grid's domain (PlacementGrid::setPeriodic) the centres fill
// [lo, hi) whatever the radius: a particle may cross the region's faces and the seam,
// its images fill the rest, and a region as wide as the period is filled evenly.
std::uint64_t rainSequential(std::mt19937_64& rng, const PlacementGrid& grid, const Vec3d& lo, const Vec3d& hi,
                             std::uint64_t count, double gap, const std::function<Index()>& draw,
                             const std::function<double(Index)>& radius,
                             const std::function<void(Index, const Vec3d&, const Quat&)>& place);

}  // namespace regolith
