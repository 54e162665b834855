// A sphere's world position from its owner's pose, and how far it has moved since the
// contact lists were built: shared by updateSpherePositions (kernels/integration/sphere_positions.cpp)
// and the fused drift-and-place of every step (kernels/integration/integrate.cpp).
#pragma once

#include "kernels/backend/backend.h"
#include "kernels/device_state.h"
#include "kernels/stages.h"

namespace regolith {

struct MergeMotion {
  REGOLITH_HD REGOLITH_INLINE SphereMotion operator()(const SphereMotion& a, const SphereMotion& b) const {
    return {maxOf(a.moved2, b.moved2), maxOf(a.speed2, b.speed2), 0.0, maxOf(a.stepped2, b.stepped2)};
  }
};

// Reads: owner pose and velocities, sphere offset, build positions (when tracked: atBuild
// not null). Writes: sphere position. Returns |x - x_build|^2 [m^2] (0 untracked), a bound
// on |x - x_before|^2 for a step of dt (what the near pairs spend, kernels/detection/near_pairs.cpp)
// and the squared speed of the sphere centre,
// |v_o + w_o x (x - x_o)|^2 [m^2/s^2] (the speed of its surface as a shape: a sphere
// spinning in place does not move its surface towards anything); the speed only with
// kSpeed (the async mode's check), so the other modes do not read the velocities.
template <bool kSpeed>
struct SpherePlacer {
  const Vec3d* ownerPosition;
  const Quat* ownerOrientation;
  const Vec3* ownerVelocity;
  const Vec3* ownerOmega;
  const Vec3* sphereOffset;
  Vec3d* spherePosition;
  const Vec3d* atBuild;
  double dt;  // of the step this placement ends

  // |x - x_build|^2 of sphere s, 0 when the lists carry no build positions (async).
  REGOLITH_HD REGOLITH_INLINE double moved2(Index s, const Vec3d& x) const {
    return atBuild ? norm2(x - atBuild[s]) : 0.0;
  }

  // Sphere s to x; returns |x - x_before|^2, measured.
  REGOLITH_HD REGOLITH_INLINE double moveTo(Index s, const Vec3d& x) const {
    const Vec3d before = spherePosition[s];
    spherePosition[s] = x;
    return norm2(x - before);
  }

  // Sphere s of owner o at the owner's centre (every one-sphere owner: StateArrays
  // invariant), which needs no rotation and no offset. The drift moved the owner by
  // v dt (x += v dt, v the velocity it leaves: KickDrift, driftConstrainedOwner; an owner
  // that is not moved moves less), so with the speed at hand the step's displacement is
  // |v| dt to rounding, without reading the old position (measured: that load cost the
  // settling bed's drift 13 %).
  REGOLITH_HD REGOLITH_INLINE SphereMotion centred(Index s, Index o) const {
    const Vec3d x = ownerPosition[o];
    if (!kSpeed) return {moved2(s, x), 0.0, 0.0, moveTo(s, x)};
    spherePosition[s] = x;
    const double speed2 = double(norm2(ownerVelocity[o]));
    return {moved2(s, x), speed2, 0.0, speed2 * dt * dt};
  }

  REGOLITH_HD REGOLITH_INLINE SphereMotion place(Index s, Index o) const {
    const Vec3 offset = sphereOffset[s];
    if (isZero(offset)) return centred(s, o);
    const Vec3d arm = rotate(ownerOrientation[o], Vec3d(offset));
    const Vec3d x = ownerPosition[o] + arm;
    const double stepped2 = moveTo(s, x);
    if (!kSpeed) return {moved2(s, x), 0.0, 0.0, stepped2};
    const Vec3 v = ownerVelocity[o] + cross(ownerOmega[o], Vec3(arm));
    return {moved2(s, x), double(norm2(v)), 0.0, stepped2};
  }
};

// dt: the step this placement ends (0 for any other placement).
template <bool kSpeed>
SpherePlacer<kSpeed> placerOf(DeviceState& s, double dt) {
  return {raw(s.ownerPosition),
          raw(s.ownerOrientation),
          raw(s.ownerVelocity),
          raw(s.ownerAngularVelocity),
          raw(s.sphereOffset),
          raw(s.spherePosition),
          s.tracksDisplacement ? raw(s.spherePositionAtBuild) : nullptr,
          dt};
}

// m widened by how owned boundaries moved: a sphere and a moving boundary approach by at
// most the sum of their displacements (kernels/integration/sphere_positions.cpp).
SphereMotion withBoundaryMotion(const DeviceState& s, SphereMotion m);

}  // namespace regolith
