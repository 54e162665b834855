// Hash grid of placed bounding spheres and the generators' random draws.
#include "clumps/placement.h"

#include <algorithm>
#include <cmath>

namespace regolith {

double unitDouble(std::mt19937_64& rng) { return double(rng() >> 11) * 0x1.0p-53; }

double uniform(std::mt19937_64& rng, double lo, double hi) { return lo + (hi - lo) * unitDouble(rng); }

Quat randomOrientation(std::mt19937_64& rng) {
  const double u1 = unitDouble(rng), u2 = 2 * M_PI * unitDouble(rng), u3 = 2 * M_PI * unitDouble(rng);
  const double a = std::sqrt(1 - u1), b = std::sqrt(u1);
  return normalized(Quat(b * std::cos(u3), a * std::sin(u2), a * std::cos(u2), b * std::sin(u3)));
}

std::size_t drawWeighted(std::mt19937_64& rng, const std::vector<double>& cumulative) {
  const double w = unitDouble(rng) * cumulative.back();
  return std::min<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), w) - cumulative.begin(),
                               cumulative.size() - 1);
}

std::int64_t PlacementGrid::cellOf(double x) const {
  // Clamped so absurd coordinates cannot overflow the conversion; far cells then share
  // an index, which only costs distance checks.
  return static_cast<std::int64_t>(std::clamp(std::floor(x / m_cell), -1e15, 1e15));
}

// 21 bits per axis: cells within +-10^6 of the origin map without collision; beyond that
// a collision only costs a few extra distance checks.
std::int64_t PlacementGrid::key(std::int64_t i, std::int64_t j, std::int64_t k) const {
  constexpr std::int64_t kMask = (std::int64_t(1) << 21) - 1;
  return ((i & kMask) << 42) | ((j & kMask) << 21) | (k & kMask);
}

bool PlacementGrid::fits(const Vec3d& p, double r, double gap) const {
  bool clear = true;
  m_periodic.forEachImageShift([&](const Vec3d& shift) { clear = clear && fitsHere(p + shift, r, gap); });
  return clear;
}

bool PlacementGrid::fitsHere(const Vec3d& p, double r, double gap) const {
  bool clear = true;
  forEachNear(p, r + m_largest + gap, [&](std::size_t, const Vec3d& centre, double radius) {
    const double reach = r + radius + gap;
    clear = !(norm2(centre - p) < reach * reach);
    return clear;
  });
  return clear;
}

void PlacementGrid::add(const Vec3d& p, double r) {
  m_cells[key(cellOf(p.x), cellOf(p.y), cellOf(p.z))].push_back(m_centres.size());
  m_centres.push_back(p);
  m_radii.push_back(r);
  m_largest = std::max(m_largest, r);
}

}  // namespace regolith
