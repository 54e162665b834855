// Candidate-list builds and their adoption: the contact-detection stage. A synchronous
// rebuild builds from the live positions with the dynamic stream's own scratch and adopts
// at once; the kinematic stream builds from a PositionSnapshot into a CandidateList that
// the dynamic stream adopts later (core/kinematic_stream.cpp runs that build,
// core/simulation.cpp adopts its list).
#include <thrust/copy.h>
#include <thrust/fill.h>

#include <chrono>

#include "kernels/backend/backend.h"
#include "kernels/detection/build_guard.h"
#include "kernels/detection/contact_detection.h"
#include "kernels/detection/near_pairs.h"
#include "kernels/stages.h"

namespace regolith {

namespace {
// Between the passes of a build: a stop request ends a build that has run long
// (kernels/detection/build_guard.h); a short one finishes and the stepping loop stops after it.
class BuildClock {
 public:
  void check() const {
    const int signal = stopRequested();
    if (signal && std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count() > kLongBuildSeconds)
      throw BuildInterrupted(signal);
  }

 private:
  std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
};
}  // namespace

void buildCandidateList(const DeviceState& s, const DeviceVector<Vec3d>& x,
                        const DeviceVector<BoundaryPrimitive>& boundaries, Real reach, ContactBuilder& b,
                        CandidateList& out) {
  const BuildClock clock;
  const UniformGrid grid = binSpheres(s, x, reach, b);
  clock.check();
  findCandidatePairs(s, x, grid, reach, b, out);
  clock.check();
  buildSecondIndex(s.sphereCount(), b, out);
  clock.check();
  binTriangles(s, boundaries, grid, reach, b);
  findCandidateWalls(s, x, boundaries, grid, reach, b, out);
  clock.check();
  if (s.tracksDisplacement) {
    out.positionsAtBuild.resize(x.size());
    thrust::copy(devicePolicy(), x.begin(), x.end(), out.positionsAtBuild.begin());
  } else {
    release(out.positionsAtBuild);
  }
  out.boundariesAtBuild.resize(boundaries.size());
  thrust::copy(devicePolicy(), boundaries.begin(), boundaries.end(), out.boundariesAtBuild.begin());
  out.reach = reach;
}

void adoptCandidateList(DeviceState& s, CandidateList& list) {
  // The pair shear is remapped into the force buffer, whose contents are dead until the
  // next evaluation, and the two swap: no pair-sized scratch (issue 25, hazard 3). The
  // near list is forgotten, so the next evaluation marks it again and sizes and clears the
  // results (kernels/detection/near_pairs.cpp) before anything reads them. Every candidate is marked
  // held, so the marking or the pair pass clears the shear of each one found apart.
  remapHistory(s.pairKeys, s.pairShear, list.pairKeys, s.pairForce);
  s.pairShear.swap(s.pairForce);
  s.pairKeys.swap(list.pairKeys);
  s.firstBegin.swap(list.firstBegin);
  s.secondBegin.swap(list.secondBegin);
  s.secondOrder.swap(list.secondOrder);
  const std::size_t nc = s.pairKeys.size();
  resizeDiscarding(s.pairHeld, nc);  // the results are sized with the near list
  thrust::fill(devicePolicy(), s.pairHeld.begin(), s.pairHeld.end(), std::uint8_t(1));
  forgetNearPairs(s);

  remapHistory(s.wallKeys, s.wallShear, list.wallKeys, s.scratchWallShear);
  s.wallKeys.swap(list.wallKeys);
  s.wallShear.swap(s.scratchWallShear);
  s.wallBegin.swap(list.wallBegin);
  const std::size_t nw = s.wallKeys.size();
  // Not resizeDiscarding: the wall evaluation skips a slot whose force and shear are both
  // zero, so a reallocated slot must start at zero, as resize leaves new ones.
  s.wallForce.resize(nw);
  s.wallTorque.resize(nw);

  s.spherePositionAtBuild.swap(list.positionsAtBuild);
  if (s.hasOwnedBoundaries()) {
    // Owned boundaries drift from the poses this list was built at; their reactions are
    // summed through an index of the new wall list by boundary.
    s.boundaryAtBuild.swap(list.boundariesAtBuild);
    indexWallsByBoundary(s);
  }
  s.margin = list.reach;
}

void trackDisplacement(DeviceState& s, bool on) {
  s.tracksDisplacement = on;
  if (on) {
    s.spherePositionAtBuild.resize(s.sphereCount());
  } else {
    release(s.spherePositionAtBuild);
  }
}

void releaseSynchronousBuildScratch(DeviceState& s) {
  releaseArrays(s.builder);
  releaseArrays(s.spare);
}

void releaseCandidateArrays(CandidateList& l) { releaseArrays(l); }

void rebuildContacts(DeviceState& s, Real reach) {
  buildCandidateList(s, s.spherePosition, s.boundaries, reach, s.builder, s.spare);
  adoptCandidateList(s, s.spare);
}

// --- The hand-over buffers of the dual-stream engine (host API in stages.h). ---

void PositionSnapshotDeleter::operator()(PositionSnapshot* p) const { delete p; }
void CandidateListDeleter::operator()(CandidateList* p) const { delete p; }
void ContactBuilderDeleter::operator()(ContactBuilder* p) const { delete p; }

PositionSnapshotPtr createPositionSnapshot() { return PositionSnapshotPtr(new PositionSnapshot); }
CandidateListPtr createCandidateList() { return CandidateListPtr(new CandidateList); }
ContactBuilderPtr createContactBuilder() { return ContactBuilderPtr(new ContactBuilder); }

void takeSnapshot(const DeviceState& s, PositionSnapshot& out) {
  out.spherePosition.resize(s.spherePosition.size());
  thrust::copy(devicePolicy(), s.spherePosition.begin(), s.spherePosition.end(), out.spherePosition.begin());
  out.boundaries.resize(s.boundaries.size());
  thrust::copy(devicePolicy(), s.boundaries.begin(), s.boundaries.end(), out.boundaries.begin());
}

void buildFromSnapshot(const DeviceState& s, const PositionSnapshot& snapshot, Real reach, ContactBuilder& b,
                       CandidateList& out) {
  buildCandidateList(s, snapshot.spherePosition, snapshot.boundaries, reach, b, out);
}

void adoptCandidates(DeviceState& s, CandidateList& list) { adoptCandidateList(s, list); }

void releaseBuffer(PositionSnapshot& p) { p.ready.record(); }
void releaseBuffer(CandidateList& l) { l.ready.record(); }
void acquireBuffer(const PositionSnapshot& p) { p.ready.waitOn(); }
void acquireBuffer(const CandidateList& l) { l.ready.waitOn(); }

std::size_t deviceBytes(const PositionSnapshot& p) { return snapshotBytes(p); }
std::size_t deviceBytes(const CandidateList& l) { return candidateListBytes(l); }
std::size_t deviceBytes(const ContactBuilder& b) { return builderBytes(b); }

}  // namespace regolith
