// What the two passes of the contact forces share: kernels/forces/pair_forces.cpp (sphere-sphere
// candidates) and kernels/forces/wall_forces.cpp (sphere-boundary candidates), which
// kernels/forces/contact_forces.cpp runs in turn. The owner and sphere arrays a contact reads, the
// choice of force model and of the lone-sphere path, and the touching flags and counts of
// a candidate list. Both passes are one source for g++ and nvcc, like every kernel file.
#pragma once

#include <cstdint>
#include <vector>

#include <thrust/copy.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include "kernels/backend/backend.h"
#include "kernels/forces/contact_models.h"
#include "kernels/device_state.h"
#include "kernels/stages.h"

namespace regolith {

// The sphere-sphere pass: the near pairs refreshed, then each one's force, shear and
// torques (kernels/forces/pair_forces.cpp).
void computePairForces(DeviceState& s, const StepParams& p, ContactModelKind model);
// The sphere-boundary pass: the wall shear of the last step kept as the previous one, then
// each wall candidate's force, shear and torque (kernels/forces/wall_forces.cpp).
void computeWallForces(DeviceState& s, const StepParams& p, ContactModelKind model);
// The touching pairs' and walls' (first, second, force), appended in key order.
void appendTouchingPairs(const DeviceState& s, ContactForces& c);
void appendTouchingWalls(const DeviceState& s, ContactForces& c);

// Owner and sphere arrays a contact reads.
struct BodyView {
  const Vec3d* ownerPosition;
  const Vec3* velocity;
  const Vec3* omega;
  const Real* mass;
  const Vec3* inertia;
  const Index* sphereOwner;
  const Vec3d* spherePosition;
  const Real* radius;
  const Index* material;
  PeriodicBox box;  // the minimum image of every branch vector between two bodies

  // The owner of sphere i and the sphere centre's offset from the owner's. With kLone
  // (DeviceState::sphereIsOwner) they are i and (+0, +0, +0), the same bits the general
  // path computes (x - x), without reading sphereOwner and ownerPosition: two of the
  // arrays a contact reads at its far sphere's index.
  template <bool kLone>
  REGOLITH_HD REGOLITH_INLINE Index ownerOf(Index i) const {
    return kLone ? i : sphereOwner[i];
  }
  template <bool kLone>
  REGOLITH_HD REGOLITH_INLINE Vec3 centreFromOwner(Index i, Index o) const {
    return kLone ? Vec3() : Vec3(spherePosition[i] - ownerPosition[o]);
  }

  // Velocity of the material point at world position p of owner o.
  REGOLITH_HD Vec3 pointVelocity(Index o, const Vec3& armFromOwner) const {
    return velocity[o] + cross(omega[o], armFromOwner);
  }
  REGOLITH_HD Real meanInertia(Index o) const {
    const Vec3 I = inertia[o];
    return (I.x + I.y + I.z) / Real(3);
  }
};

inline BodyView bodyView(const DeviceState& s) {
  return {raw(s.ownerPosition),        raw(s.ownerVelocity),
          raw(s.ownerAngularVelocity), raw(s.ownerMass),
          raw(s.ownerInertia),         raw(s.sphereOwner),
          raw(s.spherePosition),       raw(s.sphereRadius),
          raw(s.sphereMaterial),       s.periodic};
}
// Pass<ForceModel, kLone>::run(s, p) for the row of the model table
// (kernels/forces/contact_models.h) that `model` names, kLone when every sphere is its own owner.
template <template <class, bool> class Pass, class... Models>
void runContactPass(DeviceState& s, const StepParams& p, ContactModelKind model, ContactModelList<Models...>) {
  int row = 0;
  ((int(model) == row++ ? (s.sphereIsOwner ? Pass<Models, true>::run(s, p) : Pass<Models, false>::run(s, p)) : void()),
   ...);
}

template <class Functor>
std::size_t countIf(std::size_t n, const Functor& f) {
  return thrust::transform_reduce(devicePolicy(), thrust::counting_iterator<Index>(0),
                                  thrust::counting_iterator<Index>(static_cast<Index>(n)), f, std::size_t(0),
                                  thrust::plus<std::size_t>());
}

// Per candidate: 1 when `touches` holds (PairTouches or WallTouches), else 0.
template <class Functor>
std::vector<std::uint8_t> touchingFlags(std::size_t n, const Functor& touches) {
  DeviceVector<std::uint8_t> flags(n);
  thrust::transform(devicePolicy(), thrust::counting_iterator<Index>(0),
                    thrust::counting_iterator<Index>(static_cast<Index>(n)), flags.begin(), touches);
  std::vector<std::uint8_t> out(n);
  thrust::copy(flags.begin(), flags.end(), out.begin());
  return out;
}

// Appends (first, second, force) of the flagged results, in key order. Result k belongs to
// key keyOf[k] (the near pairs), or to key k when keyOf is null (the walls).
inline void keepTouching(const DeviceVector<PairKey>& keys, const DeviceVector<Index>* keyOf,
                         const DeviceVector<Vec3>& forces, const std::vector<std::uint8_t>& flags,
                         std::vector<Index>& first, std::vector<Index>& second, std::vector<Vec3>& force) {
  std::vector<PairKey> hostKeys(keys.size());
  std::vector<Vec3> hostForces(forces.size());
  std::vector<Index> hostKeyOf(keyOf ? keyOf->size() : 0);
  thrust::copy(keys.begin(), keys.end(), hostKeys.begin());
  thrust::copy(forces.begin(), forces.end(), hostForces.begin());
  if (keyOf) thrust::copy(keyOf->begin(), keyOf->end(), hostKeyOf.begin());
  for (std::size_t k = 0; k < flags.size(); ++k) {
    if (!flags[k]) continue;
    const PairKey key = hostKeys[keyOf ? std::size_t(hostKeyOf[k]) : k];
    first.push_back(pairFirst(key));
    second.push_back(pairSecond(key));
    force.push_back(hostForces[k]);
  }
}

}  // namespace regolith
