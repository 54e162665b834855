// The blow-up check on the device: the first owner whose state is no longer physical. One
// reduction over owners and one scalar back, so the run loop can ask every few steps
// without downloading the state (core/blow_up_guard.h says what counts and why).
#include <climits>

#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include "kernels/backend/backend.h"
#include "kernels/device_state.h"
#include "kernels/integration/owner_fault.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

// Reads: owner position, orientation, velocity, angular velocity. Gives i when owner i is
// bad, INT_MAX otherwise (the reduction keeps the smallest).
struct BadOwnerIndex {
  const Vec3d* x;
  const Quat* q;
  const Vec3* v;
  const Vec3* w;
  double speedLimit2;  // [m^2/s^2]
  double spinRadius2;  // [m^2]

  REGOLITH_HD Index operator()(Index i) const {
    return ownerFault(x[i], q[i], v[i], w[i], speedLimit2, spinRadius2) == OwnerFault::None ? INT_MAX : i;
  }
};

}  // namespace

Index firstBadOwner(const DeviceState& s, double speedLimit, double spinRadius) {
  const std::size_t n = s.ownerCount();
  if (n == 0) return -1;
  const Index first = thrust::transform_reduce(
      devicePolicy(), thrust::counting_iterator<Index>(0), thrust::counting_iterator<Index>(static_cast<Index>(n)),
      BadOwnerIndex{raw(s.ownerPosition), raw(s.ownerOrientation), raw(s.ownerVelocity), raw(s.ownerAngularVelocity),
                    speedLimit * speedLimit, spinRadius * spinRadius},
      Index(INT_MAX), thrust::minimum<Index>());
  return first == INT_MAX ? -1 : first;
}

}  // namespace regolith
