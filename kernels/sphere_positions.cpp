// World positions of sphere components from their owners' poses, and the largest
// displacement since the contact lists were built (the rebuild trigger), widened by how far
// owned boundaries have moved (kernels/owned_boundaries.cpp).
#include <thrust/functional.h>
#include <thrust/transform_reduce.h>

#include "kernels/backend.h"
#include "kernels/device_state.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// Reads: owner position and orientation, sphere owner and offset, build positions.
// Writes: sphere position. Returns |x - x_build|^2 [m^2].
struct PlaceSphere {
  const Vec3d* ownerPosition;
  const Quat* ownerOrientation;
  const Index* sphereOwner;
  const Vec3* sphereOffset;
  Vec3d* spherePosition;
  const Vec3d* atBuild;

  REGOLITH_HD double operator()(Index s) const {
    const Index o = sphereOwner[s];
    const Vec3 offset = sphereOffset[s];
    // A sphere at its owner's centre (every one-sphere owner) needs no rotation.
    const Vec3d x = isZero(offset) ? ownerPosition[o]
                            : ownerPosition[o] + rotate(ownerOrientation[o], Vec3d(offset));
    spherePosition[s] = x;
    return norm2(x - atBuild[s]);
  }
};

}  // namespace

double updateSpherePositions(DeviceState& s) {
  const std::size_t n = s.sphereCount();
  if (n == 0) return 0.0;
  const double moved = thrust::transform_reduce(
      devicePolicy(), thrust::counting_iterator<Index>(0),
      thrust::counting_iterator<Index>(static_cast<Index>(n)),
      PlaceSphere{raw(s.ownerPosition), raw(s.ownerOrientation), raw(s.sphereOwner),
                  raw(s.sphereOffset), raw(s.spherePosition), raw(s.spherePositionAtBuild)},
      0.0, thrust::maximum<double>());
  if (!s.hasOwnedBoundaries()) return moved;
  // A sphere and a moving boundary approach by at most the sum of their displacements.
  const double relative = sqrt(moved) + s.boundaryDrift;
  return relative * relative;
}

}  // namespace regolith
