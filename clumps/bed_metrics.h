// Measures of a granular bed (a state and its world-frame sphere centres): packing
// fraction and bulk density in a sampling box, the free-surface height map, and the
// coordination number distribution. Owners without spheres (bodies) are not grains and
// are left out of all three.
#pragma once

#include <cstddef>
#include <vector>

#include "kernels/backend/periodic.h"
#include "kernels/state_arrays.h"

namespace regolith {

// World-frame sphere centres of a state (x_o + q_o offset), as the engine places them;
// for states that are not in a Simulation (a scene's initial state, a stored frame).
std::vector<Vec3d> sphereCentresOf(const StateArrays& s);

// The points moved by whole periods into the box along its periodic axes ([lo, lo + L)),
// unchanged along the others. A periodic run wraps owners, not spheres: the spheres of a
// clump across the seam lie on both sides of it until they are wrapped one by one here.
std::vector<Vec3d> wrappedIntoBox(const std::vector<Vec3d>& points, const PeriodicBox& box);

// How much the grains still move: the settling criterion of a bed.
struct GrainMotion {
  double kineticEnergyPerGrain = 0;  // mean of m v^2 / 2 + w . I w / 2 over grains [J]
  double maxSpeed = 0;               // fastest centre of mass [m/s]
  std::size_t grains = 0;
};
GrainMotion grainMotion(const StateArrays& s);

struct PackingSample {
  double packingFraction = 0;  // grain volume in the box / box volume
  double bulkDensity = 0;      // grain mass in the box / box volume [kg/m^3]
  std::size_t grains = 0;      // grains with some volume in the box
};

// `materialDensity[m]` is material m's density; a grain's volume is its mass over the
// density of its first sphere's material (clumps are of one material: overlapping spheres
// of different densities are refused when templates are built). A grain crossing the
// box's faces counts with the part inside: for one sphere exactly (sphereBoxVolume); for
// a clump, its volume times the fraction of its spheres' summed volume inside, which is
// exact for clumps wholly inside or outside and close for the few that cross. Along the
// periodic axes of `periodic` a sphere counts with its images one period either side as
// well, so a box spanning the period takes every grain whole (a period is wider than two
// of the largest spheres: docs/periodic.md).
PackingSample packingInBox(const StateArrays& s, const std::vector<Vec3d>& sphereCentres,
                           const std::vector<double>& materialDensity, const Vec3d& lo, const Vec3d& hi,
                           const PeriodicBox& periodic = PeriodicBox());

// The highest sphere top (z + r) per cell of an nx x ny grid over [lo, hi] in x and y;
// a sphere counts in the cell of its centre. Empty cells hold NaN.
struct HeightMap {
  double x0 = 0, y0 = 0, cellX = 0, cellY = 0;
  std::size_t nx = 0, ny = 0;
  std::vector<double> top;  // row-major, index iy * nx + ix [m]
  double at(std::size_t ix, std::size_t iy) const { return top[iy * nx + ix]; }
  double mean() const;     // over non-empty cells (NaN if none)
  double maximum() const;  // likewise
};
HeightMap surfaceHeights(const StateArrays& s, const std::vector<Vec3d>& sphereCentres, double x0, double y0, double x1,
                         double y1, std::size_t nx, std::size_t ny);

// counts[k] = grains touching exactly k other grains (distinct grains, however many of
// their spheres touch), from a frame's touching contacts. Boundary contacts are not
// counted. The mean is sum k counts[k] / grains.
struct CoordinationDistribution {
  std::vector<std::size_t> counts;
  double mean = 0;
};
// `counted` (per owner, nonzero for the grains to count; empty: every grain) picks the
// grains whose contacts are counted, e.g. those of a sampling box away from the walls.
CoordinationDistribution coordinationNumbers(const StateArrays& s, const ContactForces& contacts,
                                             const std::vector<char>& counted = {});
// Per owner: 1 for the grains whose centre of mass (wrapped into the periodic box) lies in
// [lo, hi], else 0.
std::vector<char> grainsInBox(const StateArrays& s, const Vec3d& lo, const Vec3d& hi,
                              const PeriodicBox& periodic = PeriodicBox());

}  // namespace regolith
