// Rebuild of both candidate lists with their history and index (the contact-detection
// stage that the dual-stream engine will run on its own stream).
#include <thrust/copy.h>

#include "kernels/backend.h"
#include "kernels/contact_detection.h"
#include "kernels/stages.h"

namespace regolith {

void rebuildContacts(DeviceState& s, Real margin) {
  const std::size_t n = s.sphereCount();
  s.margin = margin;

  const UniformGrid grid = binSpheres(s, margin);
  findCandidatePairs(s, grid, margin);
  remapHistory(s.pairKeys, s.pairShear, s.scratchKeys, s.scratchShear);
  s.pairKeys.swap(s.scratchKeys);
  s.pairShear.swap(s.scratchShear);
  s.firstBegin.resize(n + 1);
  thrust::copy(s.counts.begin(), s.counts.begin() + n + 1, s.firstBegin.begin());
  buildSecondIndex(s);
  const std::size_t nc = s.pairKeys.size();
  s.pairForce.resize(nc);
  s.pairTorqueFirst.resize(nc);
  s.pairTorqueSecond.resize(nc);

  findCandidateWalls(s, margin);
  remapHistory(s.wallKeys, s.wallShear, s.scratchKeys, s.scratchShear);
  s.wallKeys.swap(s.scratchKeys);
  s.wallShear.swap(s.scratchShear);
  s.wallBegin.resize(n + 1);
  thrust::copy(s.counts.begin(), s.counts.begin() + n + 1, s.wallBegin.begin());
  const std::size_t nw = s.wallKeys.size();
  s.wallForce.resize(nw);
  s.wallTorque.resize(nw);
  indexWallsByBoundary(s);

  thrust::copy(s.spherePosition.begin(), s.spherePosition.end(),
               s.spherePositionAtBuild.begin());
}

}  // namespace regolith
