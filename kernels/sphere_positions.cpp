// World positions of sphere components from their owners' poses, the largest displacement
// since the contact lists were built (the Verlet rebuild trigger) and the largest sphere
// speed (the dual-stream margin check), both widened by how owned boundaries move
// (kernels/owned_boundaries.cpp).
#include "kernels/backend.h"
#include "kernels/device_state.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

struct MergeMotion {
  REGOLITH_HD REGOLITH_INLINE SphereMotion operator()(const SphereMotion& a, const SphereMotion& b) const {
    return {maxOf(a.moved2, b.moved2), maxOf(a.speed2, b.speed2)};
  }
};

// Reads: owner pose and velocities, sphere owner and offset, build positions. Writes:
// sphere position. Returns |x - x_build|^2 [m^2] and the squared speed of the sphere
// centre, |v_o + w_o x (x - x_o)|^2 [m^2/s^2] (the speed of its surface as a shape: a
// sphere spinning in place does not move its surface towards anything); the speed only
// with kSpeed (the async mode's check), so the other modes do not read the velocities.
template <bool kSpeed>
struct PlaceSphere {
  const Vec3d* ownerPosition;
  const Quat* ownerOrientation;
  const Vec3* ownerVelocity;
  const Vec3* ownerOmega;
  const Index* sphereOwner;
  const Vec3* sphereOffset;
  Vec3d* spherePosition;
  const Vec3d* atBuild;

  REGOLITH_HD REGOLITH_INLINE SphereMotion operator()(Index s) const {
    const Index o = sphereOwner[s];
    const Vec3 offset = sphereOffset[s];
    // A sphere at its owner's centre (every one-sphere owner) needs no rotation.
    if (isZero(offset)) {
      const Vec3d x = ownerPosition[o];
      spherePosition[s] = x;
      return {norm2(x - atBuild[s]), kSpeed ? double(norm2(ownerVelocity[o])) : 0.0};
    }
    const Vec3d arm = rotate(ownerOrientation[o], Vec3d(offset));
    const Vec3d x = ownerPosition[o] + arm;
    spherePosition[s] = x;
    if (!kSpeed) return {norm2(x - atBuild[s]), 0.0};
    const Vec3 v = ownerVelocity[o] + cross(ownerOmega[o], Vec3(arm));
    return {norm2(x - atBuild[s]), double(norm2(v))};
  }
};

template <bool kSpeed>
SphereMotion placeSpheres(DeviceState& s) {
  const std::size_t n = s.sphereCount();
  return parallel_reduce(
      n,
      PlaceSphere<kSpeed>{raw(s.ownerPosition), raw(s.ownerOrientation), raw(s.ownerVelocity),
                          raw(s.ownerAngularVelocity), raw(s.sphereOwner), raw(s.sphereOffset),
                          raw(s.spherePosition), raw(s.spherePositionAtBuild)},
      SphereMotion{}, MergeMotion{});
}

}  // namespace

SphereMotion updateSpherePositions(DeviceState& s, bool withSpeed) {
  if (s.sphereCount() == 0) return {};
  SphereMotion m = withSpeed ? placeSpheres<true>(s) : placeSpheres<false>(s);
  if (!s.hasOwnedBoundaries()) return m;
  // A sphere and a moving boundary approach by at most the sum of their displacements.
  const double relative = sqrt(m.moved2) + s.boundaryDrift;
  m.moved2 = relative * relative;
  m.boundaryStep = s.boundaryStep;
  return m;
}

}  // namespace regolith
