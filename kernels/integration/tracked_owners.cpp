// Tracked owners (core/simulation.h, trackOwners): the contact loads of a few chosen owners
// summed step by step on the device, and their poses read back without downloading the
// whole state. A coupling (coupling/) averages a body's wrench over an exchange interval
// with it; one thread per tracked owner, adding in step order, so the sums are the same
// bits for any thread count.
#include <thrust/copy.h>

#include "kernels/backend/backend.h"
#include "kernels/device_state.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// Reads ownerForce, ownerTorque of the tracked owners; reads and writes their sums.
struct AddTrackedLoads {
  const Index* owner;
  const Vec3* force;
  const Vec3* torque;
  Vec3d* forceSum;
  Vec3d* torqueSum;
  REGOLITH_HD void operator()(Index k) const {
    const Index o = owner[k];
    forceSum[k] += Vec3d(force[o]);
    torqueSum[k] += Vec3d(torque[o]);
  }
};

// Writes one reading per tracked owner: pose, velocities and the sums.
struct ReadTrackedOwners {
  const Index* owner;
  const Vec3d* position;
  const Quat* orientation;
  const Vec3* velocity;
  const Vec3* omega;
  const Vec3d* forceSum;
  const Vec3d* torqueSum;
  TrackedOwnerReading* out;
  REGOLITH_HD void operator()(Index k) const {
    const Index o = owner[k];
    TrackedOwnerReading r;
    r.position = position[o];
    r.orientation = orientation[o];
    r.velocity = Vec3d(velocity[o]);
    r.angularVelocity = Vec3d(omega[o]);
    r.forceSum = forceSum[k];
    r.torqueSum = torqueSum[k];
    out[k] = r;
  }
};

// Writes: the sums, to zero.
struct ZeroTrackedSums {
  Vec3d* forceSum;
  Vec3d* torqueSum;
  REGOLITH_HD void operator()(Index k) const { forceSum[k] = torqueSum[k] = Vec3d(); }
};

// Writes: the pose of one owner.
struct SetOwnerPose {
  Vec3d* position;
  Quat* orientation;
  Index owner;
  Vec3d x;
  Quat q;
  REGOLITH_HD void operator()(Index) const {
    position[owner] = x;
    orientation[owner] = q;
  }
};

// Writes: the family of one owner.
struct SetOwnerFamily {
  Index* family;
  Index owner, value;
  REGOLITH_HD void operator()(Index) const { family[owner] = value; }
};

}  // namespace

void setTrackedOwners(DeviceState& s, const std::vector<Index>& owners, const std::vector<Vec3d>& forceSums,
                      const std::vector<Vec3d>& torqueSums) {
  s.trackedOwner.assign(owners.begin(), owners.end());
  s.trackedForceSum.assign(forceSums.begin(), forceSums.end());
  s.trackedTorqueSum.assign(torqueSums.begin(), torqueSums.end());
}

void addTrackedLoads(DeviceState& s) {
  if (s.trackedOwner.empty()) return;
  parallel_for(s.trackedOwner.size(), AddTrackedLoads{raw(s.trackedOwner), raw(s.ownerForce), raw(s.ownerTorque),
                                                      raw(s.trackedForceSum), raw(s.trackedTorqueSum)});
}

std::vector<TrackedOwnerReading> readTrackedOwners(const DeviceState& s) {
  const std::size_t n = s.trackedOwner.size();
  if (n == 0) return {};
  DeviceVector<TrackedOwnerReading> out(n);
  parallel_for(
      n, ReadTrackedOwners{raw(s.trackedOwner), raw(s.ownerPosition), raw(s.ownerOrientation), raw(s.ownerVelocity),
                           raw(s.ownerAngularVelocity), raw(s.trackedForceSum), raw(s.trackedTorqueSum), raw(out)});
  std::vector<TrackedOwnerReading> host(n);
  thrust::copy(out.begin(), out.end(), host.begin());
  return host;
}

void resetTrackedLoads(DeviceState& s) {
  if (s.trackedOwner.empty()) return;
  parallel_for(s.trackedOwner.size(), ZeroTrackedSums{raw(s.trackedForceSum), raw(s.trackedTorqueSum)});
}

void setOwnerPose(DeviceState& s, Index owner, const Vec3d& position, const Quat& orientation) {
  parallel_for(1, SetOwnerPose{raw(s.ownerPosition), raw(s.ownerOrientation), owner, position, orientation});
}

Vec3d readUnwrappedPosition(const DeviceState& s, Index owner) {
  Vec3d p = s.ownerPosition[std::size_t(owner)];
  if (!s.ownerImage.empty()) {
    const Vec3i n = s.ownerImage[std::size_t(owner)];
    p = p + Vec3d(n.x * s.periodic.length.x, n.y * s.periodic.length.y, n.z * s.periodic.length.z);
  }
  return p;
}

void setOwnerFamily(DeviceState& s, Index owner, Index family) {
  parallel_for(1, SetOwnerFamily{raw(s.ownerFamily), owner, family});
}

}  // namespace regolith
