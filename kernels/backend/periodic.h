// Periodic boundaries (docs/periodic.md): a box [lo, lo + length) repeated along some axes.
// Positions are kept in the box by wrapping owners (kernels/integration/wrap_periodic.cpp),
// and every vector between two points takes its minimum image, so a contact across the
// seam is the same contact as one in the middle of the box. Plain C++ (no CUDA header).
#pragma once

#include "kernels/backend/vec3.h"

namespace regolith {

struct PeriodicBox {
  Vec3d lo;       // lower corner [m] (read on periodic axes only)
  Vec3d length;   // period along each axis [m], 0 where the axis is not periodic
  Vec3d inverse;  // 1 / length, 0 where the axis is not periodic

  static PeriodicBox along(const Vec3d& lo, const Vec3d& length) {
    PeriodicBox b;
    b.lo = lo;
    b.length = length;
    b.inverse = Vec3d(length.x > 0 ? 1.0 / length.x : 0.0, length.y > 0 ? 1.0 / length.y : 0.0,
                      length.z > 0 ? 1.0 / length.z : 0.0);
    return b;
  }

  REGOLITH_HD bool periodic(int axis) const { return component(length, axis) > 0; }
  REGOLITH_HD bool any() const { return length.x > 0 || length.y > 0 || length.z > 0; }

  // The minimum image of d: d - L round(d / L) per periodic axis. On the other axes L and
  // 1 / L are 0, so d stays d to the bit: a run without periodic axes computes what it did
  // before, with one multiply and one subtract of zeros per component. rint rounds half to
  // even in the default mode, alike on the host and in CUDA.
  REGOLITH_HD Vec3d image(Vec3d d) const {
    d.x -= length.x * rint(d.x * inverse.x);
    d.y -= length.y * rint(d.y * inverse.y);
    d.z -= length.z * rint(d.z * inverse.z);
    return d;
  }

  // The image of x nearest to the point `near`: x shifted by whole periods (x itself, to
  // the bit, on axes that are not periodic).
  REGOLITH_HD Vec3d imageNear(Vec3d x, const Vec3d& near) const {
    x.x -= length.x * rint((x.x - near.x) * inverse.x);
    x.y -= length.y * rint((x.y - near.y) * inverse.y);
    x.z -= length.z * rint((x.z - near.z) * inverse.z);
    return x;
  }

  // Calls f(shift) for x's own place (shift 0) and each image one period either side
  // along the periodic axes (3, 9 or 27 shifts): what a host-side test against images
  // needs when points stand within a period of each other.
  template <class F>
  void forEachImageShift(F f) const {
    const int nx = periodic(0), ny = periodic(1), nz = periodic(2);
    for (int i = -nx; i <= nx; ++i)
      for (int j = -ny; j <= ny; ++j)
        for (int k = -nz; k <= nz; ++k) f(Vec3d(i * length.x, j * length.y, k * length.z));
  }

  // How many periods x lies beyond the box along each periodic axis (0 inside, and on the
  // other axes): floor((x - lo) / L).
  REGOLITH_HD Vec3d periodsOut(const Vec3d& x) const {
    return Vec3d(floor((x.x - lo.x) * inverse.x), floor((x.y - lo.y) * inverse.y), floor((x.z - lo.z) * inverse.z));
  }
};

}  // namespace regolith
