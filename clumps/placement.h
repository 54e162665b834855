// Placing particles without overlap: a hash grid of bounding spheres, and the random draws
// of the generators (clumps/lattice.h, clumps/rain.h) and the scene's sources. Every draw goes through these functions on the scene's one
// std::mt19937_64, with no std:: distribution in between (their algorithms differ
// between standard libraries), so a seed gives the same scene everywhere.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <unordered_map>
#include <vector>

#include "kernels/backend/periodic.h"
#include "kernels/backend/vec3.h"

namespace regolith {

// Uniform in [0, 1) from the top 53 bits of one draw.
double unitDouble(std::mt19937_64& rng);
// Uniform in [lo, hi).
double uniform(std::mt19937_64& rng, double lo, double hi);
// A rotation uniform over SO(3) (Shoemake's method: three draws).
Quat randomOrientation(std::mt19937_64& rng);

// Index of the first cumulative weight above a uniform draw over their total (one draw).
std::size_t drawWeighted(std::mt19937_64& rng, const std::vector<double>& cumulative);

class PlacementGrid {
 public:
  // `cell` is the grid's spacing: the searches stay correct for any sizes, and are
  // cheapest when cell is about the largest r_i + r_j + gap asked about.
  explicit PlacementGrid(double cell) : m_cell(cell) {}

  // In a periodic domain (docs/periodic.md): fits() also tests p's images one period
  // either side along the box's periodic axes, so particles placed near one face keep
  // clear of those near the other.
  void setPeriodic(const PeriodicBox& box) { m_periodic = box; }
  const PeriodicBox& periodic() const { return m_periodic; }

  // Whether a sphere of radius r at p keeps `gap` from every sphere added so far (and from
  // their images, in a periodic domain).
  bool fits(const Vec3d& p, double r, double gap) const;
  void add(const Vec3d& p, double r);
  double largestRadius() const { return m_largest; }

  // Calls visit(n, centre, radius) for the spheres added so far (n in the order added)
  // whose cells lie within `reach` of p's cell: every one with a centre within `reach`
  // of p, and some farther. Stops early when visit returns false.
  template <class Visit>
  void forEachNear(const Vec3d& p, double reach, Visit visit) const {
    const std::int64_t ci = cellOf(p.x), cj = cellOf(p.y), ck = cellOf(p.z);
    const std::int64_t w = std::max<std::int64_t>(1, std::int64_t(std::ceil(reach / m_cell)));
    for (std::int64_t i = ci - w; i <= ci + w; ++i)
      for (std::int64_t j = cj - w; j <= cj + w; ++j)
        for (std::int64_t k = ck - w; k <= ck + w; ++k) {
          const auto it = m_cells.find(key(i, j, k));
          if (it == m_cells.end()) continue;
          for (std::size_t n : it->second)
            if (!visit(n, m_centres[n], m_radii[n])) return;
        }
  }

 private:
  std::int64_t key(std::int64_t i, std::int64_t j, std::int64_t k) const;
  std::int64_t cellOf(double x) const;

  bool fitsHere(const Vec3d& p, double r, double gap) const;

  double m_cell;
  PeriodicBox m_periodic;  // no periodic axis by default
  double m_largest = 0;    // largest radius added
  std::vector<Vec3d> m_centres;
  std::vector<double> m_radii;
  std::unordered_map<std::int64_t, std::vector<std::size_t>> m_cells;
};

}  // namespace regolith
