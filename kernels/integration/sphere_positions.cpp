// World positions of sphere components from their owners' poses, the largest displacement
// since the contact lists were built (the Verlet rebuild trigger) and the largest sphere
// speed (the dual-stream margin check), both widened by how owned boundaries move
// (kernels/boundaries/owned_boundaries.cpp).
#include "kernels/backend/backend.h"
#include "kernels/device_state.h"
#include "kernels/detection/near_pairs.h"
#include "kernels/integration/place_sphere.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// Every sphere placed from its owner (sphereOwner), one thread per sphere.
template <bool kSpeed>
struct PlaceSphere {
  SpherePlacer<kSpeed> placer;
  const Index* sphereOwner;
  REGOLITH_HD REGOLITH_INLINE SphereMotion operator()(Index s) const { return placer.place(s, sphereOwner[s]); }
};

template <bool kSpeed>
SphereMotion placeSpheres(DeviceState& s) {
  const std::size_t n = s.sphereCount();
  return parallel_reduce(n, PlaceSphere<kSpeed>{placerOf<kSpeed>(s, 0.0), raw(s.sphereOwner)}, SphereMotion{},
                         MergeMotion{});
}

}  // namespace

SphereMotion updateSpherePositions(DeviceState& s, bool withSpeed) {
  if (s.sphereCount() == 0) return {};
  // Not a step: the spheres may jump (a restored pose), so the near pairs are marked again.
  forgetNearPairs(s);
  return withBoundaryMotion(s, withSpeed ? placeSpheres<true>(s) : placeSpheres<false>(s));
}

SphereMotion withBoundaryMotion(const DeviceState& s, SphereMotion m) {
  if (!s.hasOwnedBoundaries()) return m;
  const double relative = sqrt(m.moved2) + s.boundaryDrift;
  m.moved2 = relative * relative;
  m.boundaryStep = s.boundaryStep;
  return m;
}

}  // namespace regolith
