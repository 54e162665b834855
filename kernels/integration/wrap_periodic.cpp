// Owners back into the periodic box (kernels/backend/periodic.h, docs/periodic.md): at the
// start of every step of a periodic run, an owner whose centre has left the box along a
// periodic axis moves by whole periods, its image count records it, and its spheres (and
// their build positions) move with it, so every difference the step then takes (a
// sphere's step, its displacement since the build) is the one it would have been.
#include "kernels/backend/backend.h"
#include "kernels/device_state.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// A runaway's position is left as it is (the blow-up guard meets it at the drift): its
// period count would not fit an Index.
constexpr double kMaxPeriods = 1 << 30;

// Reads: owner positions, sphere ranges, owned-boundary ranges. Writes: owner positions
// and images, sphere positions and build positions of owners that left the box.
struct WrapOwners {
  PeriodicBox box;
  Vec3d* position;
  Vec3i* image;
  const Index* sphereBegin;
  const Index* boundaryBegin;  // null when no boundary is owned
  Vec3d* spherePosition;
  Vec3d* atBuild;  // null when the lists carry no build positions

  REGOLITH_HD void operator()(Index o) const {
    // A body that carries boundaries (a mesh wheel) stays where its motion takes it: its
    // triangles meet the grains through the minimum image, and its pose stays continuous
    // for whoever prescribes it (a motion rule, a coupled MuJoCo body).
    if (boundaryBegin && boundaryBegin[o + 1] != boundaryBegin[o]) return;
    const Vec3d x = position[o];
    const Vec3d k = box.periodsOut(x);
    if (isZero(k)) return;
    // Written so that NaN fails it: a non-finite position is the blow-up guard's.
    if (!(fabs(k.x) < kMaxPeriods && fabs(k.y) < kMaxPeriods && fabs(k.z) < kMaxPeriods)) return;
    const Vec3d shift(k.x * box.length.x, k.y * box.length.y, k.z * box.length.z);
    position[o] = x - shift;
    image[o] += Vec3i(k);
    for (Index s = sphereBegin[o]; s < sphereBegin[o + 1]; ++s) {
      spherePosition[s] -= shift;
      if (atBuild) atBuild[s] -= shift;
    }
  }
};

}  // namespace

void wrapIntoPeriodicBox(DeviceState& s) {
  if (!s.periodic.any()) return;
  parallel_for(s.ownerCount(),
               WrapOwners{s.periodic, raw(s.ownerPosition), raw(s.ownerImage), raw(s.ownerSphereBegin),
                          s.hasOwnedBoundaries() ? raw(s.ownerBoundaryBegin) : nullptr, raw(s.spherePosition),
                          s.tracksDisplacement ? raw(s.spherePositionAtBuild) : nullptr});
}

void setPeriodicBox(DeviceState& s, const PeriodicBox& box) { s.periodic = box; }

}  // namespace regolith
