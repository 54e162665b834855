// Upload of the host state to the device, download for output and tests, memory accounting.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <thrust/copy.h>
#include <thrust/fill.h>

#include "kernels/device_state.h"

#include "kernels/integration/clump_chunks.h"
#include "kernels/detection/near_pairs.h"
#include "kernels/boundaries/owned_boundaries.h"
#include "kernels/stages.h"

namespace regolith {

void DeviceStateDeleter::operator()(DeviceState* s) const { delete s; }

namespace {

template <class T>
void upload(DeviceVector<T>& dst, const std::vector<T>& src) {
  dst.assign(src.begin(), src.end());
}

template <class T>
void download(const DeviceVector<T>& src, std::vector<T>& dst) {
  dst.resize(src.size());
  thrust::copy(src.begin(), src.end(), dst.begin());
}

// Every field has its table's row count; optional and result fields may also be empty.
void checkSizes(const StateArrays& s) {
  const std::size_t no = s.ownerCount(), ns = s.sphereCount();
  bool sizesOk = true;
  forEachStateField(
      [&](const StateField& f, const auto& v) {
        sizesOk &= v.size() == f.rowCount(no, ns) || (v.empty() && (f.optional() || f.result()));
      },
      s);
  if (!sizesOk || s.ownerSphereBegin.back() != static_cast<Index>(ns)) {
    throw std::invalid_argument("StateArrays: owner and sphere arrays have inconsistent sizes");
  }
  for (std::size_t o = 0; o < no; ++o) {
    const Index b = s.ownerSphereBegin[o], e = s.ownerSphereBegin[o + 1];
    // An owner without spheres is a body (it may carry boundaries); e < b is corrupt.
    if (e < b) throw std::invalid_argument("StateArrays: owner " + std::to_string(o) + " has a negative sphere range");
    if (!s.ownerFamily.empty() && s.ownerFamily[o] < 0)
      throw std::invalid_argument("StateArrays: owner " + std::to_string(o) + " has a negative family");
    if (e == b + 1 && !isZero(s.sphereOffset[b]))
      throw std::invalid_argument("StateArrays: one-sphere owner " + std::to_string(o) +
                                  " must have its sphere at the centre of mass (offset 0)");
  }
}

// Owned boundaries: their description in the owner's principal frame (x_b = x_o + R p_b,
// n = R n_b, ...) and the owner -> boundaries index. Static boundaries keep an unused slot.
void uploadOwnedBoundaries(DeviceState& d, const StateArrays& state, const std::vector<BoundaryPrimitive>& boundaries) {
  const std::size_t no = state.ownerCount();
  std::vector<BoundaryPrimitive> inOwner = boundaries;
  std::vector<Index> begin(no + 1, 0), list;
  for (std::size_t i = 0; i < boundaries.size(); ++i) {
    const Index o = boundaries[i].owner;
    if (o < 0) continue;
    if (o >= static_cast<Index>(no))
      throw std::invalid_argument("boundary " + std::to_string(i) + " refers to owner " + std::to_string(o) +
                                  ", which does not exist");
    inOwner[i] = inOwnerFrame(boundaries[i], state.ownerPosition[o], state.ownerOrientation[o]);
    ++begin[o + 1];
  }
  if (std::all_of(begin.begin(), begin.end(), [](Index c) { return c == 0; })) return;
  for (std::size_t o = 0; o < no; ++o) begin[o + 1] += begin[o];
  list.resize(begin[no]);
  std::vector<Index> fill(begin.begin(), begin.end() - 1);
  for (std::size_t i = 0; i < boundaries.size(); ++i)
    if (boundaries[i].owner >= 0) list[fill[boundaries[i].owner]++] = static_cast<Index>(i);
  upload(d.boundaryInOwner, inOwner);
  upload(d.boundaryAtBuild, boundaries);
  upload(d.ownerBoundaryBegin, begin);
  upload(d.ownerBoundaries, list);
  d.boundaryForce.assign(boundaries.size(), Vec3());
  d.boundaryTorque.assign(boundaries.size(), Vec3());
  d.boundarySegmentBegin.assign(boundaries.size() + 1, 0);
  d.reactionSegmentStart.assign(1, 0);
}

// Triangles and their topology; the boundaries split into the analytic ones (every sphere
// tests each) and the triangles (found through the grid, kernels/detection/bin_triangles.cpp).
void uploadMeshTopology(DeviceState& d, const std::vector<BoundaryPrimitive>& boundaries, const MeshTopology& mesh) {
  std::vector<Index> analytic, triangles;
  for (std::size_t i = 0; i < boundaries.size(); ++i) {
    const BoundaryPrimitive& b = boundaries[i];
    if (b.kind != BoundaryKind::Triangle) {
      analytic.push_back(static_cast<Index>(i));
      continue;
    }
    if (b.triangle < 0 || b.triangle >= static_cast<Index>(mesh.triangles.size()))
      throw std::invalid_argument("boundary " + std::to_string(i) + " is a triangle without topology (entry " +
                                  std::to_string(b.triangle) + ")");
    triangles.push_back(static_cast<Index>(i));
  }
  for (const FeatureNeighbour& n : mesh.neighbours)
    if (n.boundary < 0 || n.boundary >= static_cast<Index>(boundaries.size()) ||
        boundaries[n.boundary].kind != BoundaryKind::Triangle || n.corner < 0 || n.corner > 2)
      throw std::invalid_argument("mesh topology refers to boundary " + std::to_string(n.boundary) +
                                  ", which is not a triangle");
  upload(d.analyticBoundaries, analytic);
  upload(d.triangleBoundaries, triangles);
  upload(d.triangleTopology, mesh.triangles);
  upload(d.meshNeighbours, mesh.neighbours);
}

}  // namespace

namespace {
// Whether sphere s is the only sphere of owner s, at its centre, for every sphere (the
// owners past the spheres may be bodies without any): DeviceState::sphereIsOwner.
bool everySphereIsItsOwner(const StateArrays& state) {
  for (std::size_t s = 0; s < state.sphereCount(); ++s)
    if (state.sphereOwner[s] != Index(s) || state.ownerSphereBegin[s] != Index(s) ||
        state.ownerSphereBegin[s + 1] != Index(s) + 1 || !isZero(state.sphereOffset[s]))
      return false;
  return true;
}
}  // namespace

DeviceStatePtr createDeviceState(const StateArrays& state, const std::vector<PairParams>& table, Index materialCount,
                                 const std::vector<BoundaryPrimitive>& boundaries, const MeshTopology& mesh) {
  checkSizes(state);
  DeviceStatePtr s(new DeviceState);
  // The engine's results start at zero; an optional field left empty reads zero.
  forEachStateField(
      [&](const StateField& f, auto& dst, const auto& src) {
        using T = typename std::decay_t<decltype(src)>::value_type;
        if (f.result() || src.empty()) dst.assign(f.rowCount(state.ownerCount(), state.sphereCount()), T());
        else upload(dst, src);
      },
      *s, state);
  std::vector<Index> chunkBegin, chunkOwner;
  layClumpChunks(state.ownerSphereBegin, chunkBegin, chunkOwner);
  upload(s->ownerChunkBegin, chunkBegin);
  upload(s->chunkOwner, chunkOwner);
  s->chunkForce.resize(chunkOwner.size());
  s->chunkTorque.resize(chunkOwner.size());

  s->spherePosition.resize(state.sphereCount());
  s->spherePositionAtBuild.resize(state.sphereCount());

  upload(s->pairTable, table);
  upload(s->boundaries, boundaries);
  uploadOwnedBoundaries(*s, state, boundaries);
  uploadMeshTopology(*s, boundaries, mesh);
  s->materialCount = materialCount;
  s->sphereIsOwner = everySphereIsItsOwner(state);
  s->maxRadius = state.sphereRadius.empty() ? Real(0)
                                            : *std::max_element(state.sphereRadius.begin(), state.sphereRadius.end());
  // Empty contact index: every sphere has zero contacts until the first rebuild.
  s->firstBegin.assign(state.sphereCount() + 1, 0);
  s->secondBegin.assign(state.sphereCount() + 1, 0);
  s->wallBegin.assign(state.sphereCount() + 1, 0);
  return s;
}

void downloadState(const DeviceState& s, StateArrays& out) {
  // An optional field that changes every step (the periodic image counts) comes back
  // empty while all its rows are zero, as the files leave it (io/h5/state_io.cpp): a run
  // that is not periodic has none, and a state from a file compares equal to a live one.
  forEachStateField(
      [](const StateField& f, const auto& src, auto& dst) {
        download(src, dst);
        if (leftEmpty(f, dst)) dst.clear();
      },
      s, out);
}

HostStateView hostStateView(const DeviceState& s) {
  HostStateView v;
  v.owners = s.ownerPosition.size();
  v.spheres = s.sphereOwner.size();
#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_CUDA
  forEachStateField([](const StateField&, auto& p, const auto& d) { p = thrust::raw_pointer_cast(d.data()); }, v, s);
  v.spherePosition = thrust::raw_pointer_cast(s.spherePosition.data());
#endif
  return v;
}

void restoreOwnerState(DeviceState& s, const StateArrays& state) {
  checkSizes(state);
  if (state.ownerCount() != s.ownerPosition.size() || state.sphereCount() != s.sphereOwner.size())
    throw std::invalid_argument("restoreOwnerState: the state has " + std::to_string(state.ownerCount()) +
                                " owners and " + std::to_string(state.sphereCount()) + " spheres, the device " +
                                std::to_string(s.ownerPosition.size()) + " and " +
                                std::to_string(s.sphereOwner.size()));
  if (state.ownerForce.size() != state.ownerCount() || state.ownerTorque.size() != state.ownerCount())
    throw std::invalid_argument("restoreOwnerState: forces and torques must be given per owner");
  // What a run changes. An optional field left empty keeps the device's values, except one
  // that changes every step (the periodic image counts): the files leave it out when every
  // row is zero (io/h5/state_io.cpp), so empty reads as zeros.
  forEachStateField(
      [&state](const StateField& f, auto& dst, const auto& src) {
        using T = typename std::decay_t<decltype(src)>::value_type;
        if (f.change == FieldChange::Never) return;
        if (!src.empty()) upload(dst, src);
        else if (f.emptyWhenZero()) dst.assign(f.rowCount(state.ownerCount(), state.sphereCount()), T());
      },
      s, state);
  forgetNearPairs(s);  // a jump, not a step: the next drift's |v| dt does not bound it
  // Owned boundaries follow their owners' restored pose, as kickDrift would have left them.
  // The jump from where they stood is no step: left as boundaryStep it would read as a
  // speed of (jump / dt) and size the async margin to centimetres or metres. The next
  // kickDrift measures the boundaries' real step again.
  if (s.hasOwnedBoundaries()) {
    placeOwnedBoundaries(s);
    s.boundaryStep = 0;
  }
}

std::vector<BoundaryPrimitive> downloadBoundaries(const DeviceState& s) {
  std::vector<BoundaryPrimitive> out;
  download(s.boundaries, out);
  return out;
}

std::vector<Vec3d> downloadSpherePositions(const DeviceState& s) {
  std::vector<Vec3d> out;
  download(s.spherePosition, out);
  return out;
}

void uploadFamilyControls(DeviceState& s, const std::vector<FamilyControl>& controls) {
  upload(s.familyControl, controls);
}

ContactSnapshot downloadContacts(const DeviceState& s) {
  ContactSnapshot c;
  std::vector<PairKey> keys;
  download(s.pairKeys, keys);
  c.pairKeys.assign(keys.begin(), keys.end());
  download(s.pairShear, c.pairShear);
  download(s.wallKeys, keys);
  c.wallKeys.assign(keys.begin(), keys.end());
  download(s.wallShear, c.wallShear);
  return c;
}

void uploadContactHistory(DeviceState& s, const ContactSnapshot& snapshot) {
  if (snapshot.pairKeys.size() != snapshot.pairShear.size() || snapshot.wallKeys.size() != snapshot.wallShear.size()) {
    throw std::invalid_argument("ContactSnapshot: keys and shear differ in length");
  }
  // The history is remapped onto the current lists at the next rebuild, by key.
  std::vector<PairKey> keys(snapshot.pairKeys.begin(), snapshot.pairKeys.end());
  upload(s.pairKeys, keys);
  upload(s.pairShear, snapshot.pairShear);
  keys.assign(snapshot.wallKeys.begin(), snapshot.wallKeys.end());
  upload(s.wallKeys, keys);
  upload(s.wallShear, snapshot.wallShear);
  forgetNearPairs(s);
}

std::size_t deviceBytes(const DeviceState& s) {
  std::size_t stateBytes = 0;
  forEachStateField([&](const StateField&, const auto& v) { stateBytes += bytesOf(v); }, s);
  return stateBytes + bytesOf(s.ownerChunkBegin) + bytesOf(s.chunkOwner) + bytesOf(s.chunkForce) +
         bytesOf(s.chunkTorque) + bytesOf(s.familyControl) + bytesOf(s.boundaryInOwner) + bytesOf(s.boundaryAtBuild) +
         bytesOf(s.ownerBoundaryBegin) + bytesOf(s.ownerBoundaries) + bytesOf(s.wallByBoundary) +
         bytesOf(s.reactionSegmentStart) + bytesOf(s.reactionSegmentOf) + bytesOf(s.boundarySegmentBegin) +
         bytesOf(s.segmentForce) + bytesOf(s.segmentTorque) + bytesOf(s.boundaryForce) + bytesOf(s.boundaryTorque) +
         bytesOf(s.spherePosition) + bytesOf(s.spherePositionAtBuild) + bytesOf(s.pairTable) + bytesOf(s.boundaries) +
         bytesOf(s.analyticBoundaries) + bytesOf(s.triangleBoundaries) + bytesOf(s.triangleTopology) +
         bytesOf(s.meshNeighbours) + bytesOf(s.wallShearPrevious) + bytesOf(s.pairKeys) + bytesOf(s.pairShear) +
         bytesOf(s.pairForce) + bytesOf(s.pairTorqueFirst) + bytesOf(s.pairTorqueSecond) + bytesOf(s.pairHeld) +
         bytesOf(s.firstBegin) + bytesOf(s.secondBegin) + bytesOf(s.secondOrder) + bytesOf(s.pairNear) +
         bytesOf(s.nearFirstBegin) + bytesOf(s.nearSecondBegin) + bytesOf(s.nearSecondOrder) + bytesOf(s.wallKeys) +
         bytesOf(s.wallShear) + bytesOf(s.wallForce) + bytesOf(s.wallTorque) + bytesOf(s.wallBegin) +
         bytesOf(s.scratchWallShear) + bytesOf(s.trackedOwner) + bytesOf(s.trackedForceSum) +
         bytesOf(s.trackedTorqueSum) + builderBytes(s.builder) + candidateListBytes(s.spare);
}

std::size_t candidatePairCount(const DeviceState& s) { return s.pairKeys.size(); }
std::size_t candidateWallCount(const DeviceState& s) { return s.wallKeys.size(); }

}  // namespace regolith
