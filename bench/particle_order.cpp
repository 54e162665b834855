// Particle numbering for the benchmarks; see particle_order.h.
#include "bench/particle_order.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <stdexcept>

#include "core/world_builder.h"
#include "kernels/detection/morton.h"

namespace regolith {
namespace {

std::vector<Index> mortonOrder(const StateArrays& s) {
  const std::size_t n = s.ownerCount();
  std::vector<Index> order(n);
  std::iota(order.begin(), order.end(), Index(0));
  if (n == 0) return order;
  Vec3d lo = s.ownerPosition[0];
  for (const Vec3d& x : s.ownerPosition) lo = Vec3d(std::min(lo.x, x.x), std::min(lo.y, x.y), std::min(lo.z, x.z));
  double rMax = 0;
  for (Real r : s.sphereRadius) rMax = std::max(rMax, double(r));
  const double cell = rMax > 0 ? 2 * rMax : 1.0;
  std::vector<std::uint64_t> key(n);
  for (std::size_t o = 0; o < n; ++o) {
    key[o] = mortonKey(s.ownerPosition[o] - lo, cell);
  }
  std::stable_sort(order.begin(), order.end(), [&key](Index a, Index b) { return key[a] < key[b]; });
  return order;
}

}  // namespace

ParticleOrder parseParticleOrder(const std::string& name) {
  if (name == "as-built") return ParticleOrder::AsBuilt;
  if (name == "morton") return ParticleOrder::Morton;
  if (name == "shuffled") return ParticleOrder::Shuffled;
  throw std::invalid_argument("particle order '" + name + "': expected as-built, morton or shuffled");
}

const char* particleOrderName(ParticleOrder order) {
  switch (order) {
    case ParticleOrder::Morton:
      return "morton";
    case ParticleOrder::Shuffled:
      return "shuffled";
    case ParticleOrder::AsBuilt:
      break;
  }
  return "as-built";
}

StateArrays withOwnersPermuted(const StateArrays& s, const std::vector<Index>& newToOld) {
  if (newToOld.size() != s.ownerCount()) throw std::invalid_argument("withOwnersPermuted: not one entry per owner");
  return ownersOf(s, newToOld);
}

StateArrays inParticleOrder(const StateArrays& s, ParticleOrder order) {
  if (order == ParticleOrder::AsBuilt) return s;
  std::vector<Index> newToOld;
  if (order == ParticleOrder::Morton) {
    newToOld = mortonOrder(s);
  } else {
    newToOld.resize(s.ownerCount());
    std::iota(newToOld.begin(), newToOld.end(), Index(0));
    std::mt19937_64 random(1);
    std::shuffle(newToOld.begin(), newToOld.end(), random);
  }
  return withOwnersPermuted(s, newToOld);
}

}  // namespace regolith
