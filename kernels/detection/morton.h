// Z-order (Morton) keys of grid cells: interleaving the bits of a cell's x, y and z
// indices puts cells that are near in space mostly near along the key, in all three
// directions. Shared by the engine's particle renumbering (kernels/detection/reorder_particles.cpp)
// and the benchmark's --order morton (bench/particle_order.cpp), so both number alike.
#pragma once

#include <cstdint>

#include "kernels/backend/hd.h"
#include "kernels/backend/vec3.h"

namespace regolith {

// The 21 low bits of v spread to every third bit (bit k to bit 3k).
REGOLITH_HD inline std::uint64_t spreadBits(std::uint64_t v) {
  v &= 0x1fffff;
  v = (v | v << 32) & 0x1f00000000ffffull;
  v = (v | v << 16) & 0x1f0000ff0000ffull;
  v = (v | v << 8) & 0x100f00f00f00f00full;
  v = (v | v << 4) & 0x10c30c30c30c30c3ull;
  v = (v | v << 2) & 0x1249249249249249ull;
  return v;
}

// The key of the cell of edge `cell` [m] holding the point `fromCorner` [m] (measured from
// the low corner of the region, so every component is >= 0); cells past 2^21 along an axis
// share the last one, and a negative or non-finite component counts as cell 0.
REGOLITH_HD inline std::uint64_t mortonKey(const Vec3d& fromCorner, double cell) {
  const auto at = [cell](double x) -> std::uint64_t {
    const double i = floor(x / cell);
    return !(i > 0) ? 0 : i >= double(0x1fffff) ? 0x1fffff : std::uint64_t(i);  // NaN: cell 0
  };
  return spreadBits(at(fromCorner.x)) | spreadBits(at(fromCorner.y)) << 1 | spreadBits(at(fromCorner.z)) << 2;
}

}  // namespace regolith
