// Host-side entry points of the kernel layer: the stages of one DEM step, as core/ calls
// them. Plain C++ (no Thrust, no CUDA): DeviceState is opaque above kernels/.
//
// One step (velocity Verlet, see kernels/integration/integrate.cpp):
//   kickDrift (sphere positions included) -> [rebuildContacts] -> computeContactForces
//   -> gatherAndKick
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "kernels/backend/periodic.h"
#include "kernels/boundaries/boundary_primitive.h"
#include "kernels/integration/dof_control.h"
#include "kernels/boundaries/mesh_topology.h"
#include "kernels/forces/contact_models.h"
#include "kernels/state_arrays.h"

namespace regolith {

struct DeviceState;
struct DeviceStateDeleter {
  void operator()(DeviceState* s) const;
};
using DeviceStatePtr = std::unique_ptr<DeviceState, DeviceStateDeleter>;

// The hand-over buffers of the dual-stream engine (kernels/detection/candidate_list.h), opaque here.
struct PositionSnapshot;
struct CandidateList;
struct ContactBuilder;
struct PositionSnapshotDeleter {
  void operator()(PositionSnapshot* p) const;
};
struct CandidateListDeleter {
  void operator()(CandidateList* p) const;
};
struct ContactBuilderDeleter {
  void operator()(ContactBuilder* p) const;
};
using PositionSnapshotPtr = std::unique_ptr<PositionSnapshot, PositionSnapshotDeleter>;
using CandidateListPtr = std::unique_ptr<CandidateList, CandidateListDeleter>;
using ContactBuilderPtr = std::unique_ptr<ContactBuilder, ContactBuilderDeleter>;

// Largest squared displacement since the lists were built [m^2], largest squared
// sphere-centre speed [m^2/s^2] and largest squared displacement in this placement (the
// step, or a jump to a restored pose) [m^2] over all spheres.
struct SphereMotion {
  double moved2 = 0;
  double speed2 = 0;
  double boundaryStep = 0;  // bound on how far owned boundaries moved in the last step [m]
  double stepped2 = 0;
};

struct StepParams {
  Real dt = 0;   // [s]
  Vec3 gravity;  // [m/s^2]
};

// Backend facts and set-up (kernels/backend/backend_info.cpp).
std::string backendName();                         // "cpu-omp" or "cuda"
bool deviceAvailable(std::string* why = nullptr);  // CUDA: a usable GPU; CPU: always
void requireDevice();                              // throws std::runtime_error with the reason
void setThreadCount(int threads);                  // OpenMP threads (CPU build); no-op on CUDA
int threadCount();
// The CPU build's vector instructions for the contact loop (pair_forces.cpp): "avx512"
// or "avx2" where this processor runs it, else "scalar" (one contact at a time, as on
// CUDA), unless the environment variable REGOLITH_CPU_VECTOR names a level; "baseline"
// (lanes in the build's own target, SSE2 on x86-64) is slower than scalar, kept to
// compare. Every level gives the same bits (tests/kernels: golden_reference_test.cpp and
// determinism_test.cpp run each). The CUDA build has one
// level, "none". setCpuVectorLevel throws std::invalid_argument, naming the levels this
// processor runs, for one it cannot (requireDevice likewise for the variable).
std::string cpuVectorLevel();
std::vector<std::string> cpuVectorLevels();  // the levels this processor runs, narrowest first
void setCpuVectorLevel(const std::string& level);
// The CUDA build's device memory pool (kernels/backend/stream_memory.h), which every device
// allocation of the engine comes from: bytes reserved from the driver and in use, the most
// in use at once since resetDevicePoolPeak (the process's start if never), and the release
// threshold. The CPU build has none (pooled false, zeros; the reset does nothing).
struct DevicePoolStats {
  bool pooled = false;
  unsigned long long reserved = 0, used = 0, usedPeak = 0, releaseThreshold = 0;
};
DevicePoolStats devicePoolStats();
void resetDevicePoolPeak();

// Upload and download (kernels/device_state.cpp).
DeviceStatePtr createDeviceState(const StateArrays& state, const std::vector<PairParams>& table, Index materialCount,
                                 const std::vector<BoundaryPrimitive>& boundaries, const MeshTopology& mesh = {});
void downloadState(const DeviceState& s, StateArrays& out);
// Makes the run periodic along the axes where box.length is positive (docs/periodic.md);
// before the first placement of the spheres (kernels/integration/wrap_periodic.cpp).
void setPeriodicBox(DeviceState& s, const PeriodicBox& box);
// Overwrites the owners' dynamic state (pose, velocities, last forces and torques, family)
// with `state`, whose sizes must match, and places owned boundaries at the restored pose
// (a checkpoint restore; the static arrays stay as createDeviceState uploaded them).
void restoreOwnerState(DeviceState& s, const StateArrays& state);
ContactSnapshot downloadContacts(const DeviceState& s);
void uploadContactHistory(DeviceState& s, const ContactSnapshot& snapshot);
std::size_t deviceBytes(const DeviceState& s);
// The boundaries as they stand now (owned ones at their owner's pose).
std::vector<BoundaryPrimitive> downloadBoundaries(const DeviceState& s);
// World sphere centres as of the last updateSpherePositions [m] (output).
std::vector<Vec3d> downloadSpherePositions(const DeviceState& s);

// The live owner and sphere arrays, where the host can read them in place: on the CPU build
// the device vectors are host memory (Thrust's OpenMP system), so the Python API hands
// them out as read-only NumPy views without a copy. On the CUDA build every pointer is null
// (use downloadState). Valid while the state lives (no step resizes them); their values
// change with every step.
struct HostStateView {
  // One pointer per line of REGOLITH_STATE_FIELDS (kernels/state_fields.h).
#define REGOLITH_HOST_VIEW_MEMBER(member, Type, rows, change, flags, dataset, python, unit, description) \
  const Type* member = nullptr;
  REGOLITH_STATE_FIELDS(REGOLITH_HOST_VIEW_MEMBER)
#undef REGOLITH_HOST_VIEW_MEMBER
  const Vec3d* spherePosition = nullptr;  // world centres as of the last step [m]
  std::size_t owners = 0, spheres = 0;
};
HostStateView hostStateView(const DeviceState& s);

// Motion rules (kernels/integration/dof_control.h, kernels/integration/families.cpp). The control table has one
// entry per family of Model::families; owners of other families are free.
void uploadFamilyControls(DeviceState& s, const std::vector<FamilyControl>& controls);
// Owners of family `from` become family `to`.
void reassignFamily(DeviceState& s, Index from, Index to);
// Tracked owners (kernels/integration/tracked_owners.cpp; core/simulation.h trackOwners):
// owners in the engine's numbering and their running sums of ownerForce, ownerTorque.
void setTrackedOwners(DeviceState& s, const std::vector<Index>& owners, const std::vector<Vec3d>& forceSums,
                      const std::vector<Vec3d>& torqueSums);
// Adds the last evaluation's ownerForce, ownerTorque of each tracked owner to its sums.
void addTrackedLoads(DeviceState& s);
struct TrackedOwnerReading {
  Vec3d position;  // centre of mass [m]
  Quat orientation;
  Vec3d velocity, angularVelocity;  // [m/s], [rad/s], world
  Vec3d forceSum, torqueSum;        // sums since the last reset [N], [N m] about the centre of mass
};
// One reading per tracked owner, in their order; the sums back to zero.
std::vector<TrackedOwnerReading> readTrackedOwners(const DeviceState& s);
void resetTrackedLoads(DeviceState& s);
// Owner `owner` (one without spheres) is put at this pose; its boundaries follow at the
// next kickDrift, which measures the jump as that step's boundary motion (boundaryStep,
// boundaryDrift), so every list-validity rule sees it.
void setOwnerPose(DeviceState& s, Index owner, const Vec3d& position, const Quat& orientation);
// Owner `owner` becomes family `family`.
void setOwnerFamily(DeviceState& s, Index owner, Index family);
// Owner `owner`'s centre of mass unwrapped: its position plus the periods it has crossed
// (one element read: a following bed checks its body every step, core/simulation_moving_bed.cpp).
Vec3d readUnwrappedPosition(const DeviceState& s, Index owner);
std::size_t candidatePairCount(const DeviceState& s);
std::size_t candidateWallCount(const DeviceState& s);
// The near pairs the pair pass visits (kernels/detection/near_pairs.cpp): how many as last marked,
// how many times they were marked, and the reach they were marked with [m].
struct NearPairStats {
  std::size_t pairs = 0;
  std::uint64_t marks = 0;
  double reach = 0;
};
NearPairStats nearPairStats(const DeviceState& s);

// Stages.
// kickDrift: reads owner force/torque, mass, inertia, family and the family control table;
// writes owner velocity (half kick; constrained DOFs take u(t + dt/2)), angular velocity,
// position and orientation (drift), and places the owners' spheres at the new pose; then
// places owned boundaries at their owners' new pose (s.boundaries) and bounds how far they
// moved since the last build. Returns what updateSpherePositions would (below).
// kickDrift starts with wrapIntoPeriodicBox in a periodic run: owners that left the box
// along a periodic axis (except those carrying boundaries) move back by whole periods,
// their image counts (ownerImage) record it, their spheres move with them.
SphereMotion kickDrift(DeviceState& s, const StepParams& p, bool withSpeed);
void wrapIntoPeriodicBox(DeviceState& s);
// updateSpherePositions: reads owner pose and velocities, sphere offsets; writes sphere
// positions. Returns the largest displacement since the lists were built and the largest
// speed; with owned boundaries the displacement is widened to (sqrt(moved2) + the
// boundaries' displacement bound)^2 and the speed covers their surface speed.
// speed2 is computed only with withSpeed (the async mode); otherwise it is 0.
SphereMotion updateSpherePositions(DeviceState& s, bool withSpeed);
// rebuildContacts: reads sphere positions, radii, owners, boundaries; writes both candidate
// lists (pairs within r_i + r_j + reach, walls within a gap of reach), carries shear
// history over by key, rebuilds the per-sphere contact index and records the build
// positions (when tracked). Synchronous: the calling (dynamic) stream builds with its own
// scratch.
void rebuildContacts(DeviceState& s, Real reach);
// Whether the lists record their build positions and steps measure the displacement since
// (SphereMotion::moved2; on by default). Verlet triggers its rebuilds on it; async does not
// use it, and turning it off frees the positions its lists would carry. Set before the
// first build, and before a kinematic stream reads the state.
void trackDisplacement(DeviceState& s, bool on);
// Frees the scratch of synchronous rebuilds (the dynamic stream's builder and spare list).
// For async, which builds synchronously only at the start and when a surface outruns its
// list's margin, and otherwise would hold them unused (34 and 12 bytes per sphere on the
// dense bed). A later synchronous rebuild allocates them again.
void releaseSynchronousBuildScratch(DeviceState& s);
// Frees a candidate list's arrays (its event stays, so the buffer keeps its hand-over
// protocol). The async dynamic stream frees the arrays an adoption swapped out of the
// state: kept, they were a third list in flight that nothing would read (64 bytes a sphere
// on the dense bed at N = 200,000). The kinematic stream's next build allocates its list
// instead, from the pool on CUDA.
void releaseCandidateArrays(CandidateList& l);

// Particle renumbering by cell (kernels/detection/reorder_particles.cpp). cellOrderOfLoneSpheres
// gives a permutation of the owners (slot k takes owner newToOld[k]) that numbers the
// lone-sphere owners (one sphere, no owned boundary) along a Z-order curve of cells one
// sphere diameter wide, among the slots they hold now; every other owner keeps its slot.
// outOfOrder counts the movable owners whose cell key is below the one before them in the
// current numbering (0: already in cell order; about movable / 2 for a random one).
// permuteParticles applies such a permutation to every per-owner and per-sphere array and
// renumbers the contact keys with their shear history; the per-sphere contact index is then
// stale, so a rebuild (rebuildContacts or an adoption) must follow before forces are
// evaluated. Not while a kinematic stream reads the state.
struct CellOrder {
  std::vector<Index> newToOld;
  std::size_t movable = 0;     // lone-sphere owners
  std::size_t outOfOrder = 0;  // of them, out of cell order now
};
CellOrder cellOrderOfLoneSpheres(const DeviceState& s);
void permuteParticles(DeviceState& s, const std::vector<Index>& ownerNewToOld);

// Dual-stream hand-over (kernels/detection/rebuild_contacts.cpp). The dynamic stream takes a
// snapshot of its live positions and boundaries; the kinematic stream builds a candidate
// list from it, reading only the DeviceState's immutable sphere data (radii, owners), which
// nothing writes after createDeviceState; the dynamic stream adopts the list.
PositionSnapshotPtr createPositionSnapshot();
CandidateListPtr createCandidateList();
ContactBuilderPtr createContactBuilder();
void takeSnapshot(const DeviceState& s, PositionSnapshot& out);
void buildFromSnapshot(const DeviceState& s, const PositionSnapshot& snapshot, Real reach, ContactBuilder& scratch,
                       CandidateList& out);
// Makes `list` live (history carried over by key); `list` then holds the old live list.
void adoptCandidates(DeviceState& s, CandidateList& list);
// A buffer passing between streams: the giver releases it after its last use, the taker
// acquires it before its first (CUDA events; no-ops on the CPU, see stream_event.h).
void releaseBuffer(PositionSnapshot& p);
void releaseBuffer(CandidateList& l);
void acquireBuffer(const PositionSnapshot& p);
void acquireBuffer(const CandidateList& l);
std::size_t deviceBytes(const PositionSnapshot& p);
std::size_t deviceBytes(const CandidateList& l);
std::size_t deviceBytes(const ContactBuilder& b);
// computeContactForces: reads sphere and owner state, pair table, candidate lists and
// history; writes per-contact force, torques and history (history zeroed when apart).
void computeContactForces(DeviceState& s, const StepParams& p, ContactModelKind model);
// gatherAndKick: reads per-contact results through the contact index; sums the reactions
// on owned boundaries (per boundary, then per owner in boundary order); writes owner
// force/torque (contacts only, no gravity: what a load cell reads) and, when kick is set,
// completes the step with the second half kick (constrained DOFs take u(t + dt)).
void gatherAndKick(DeviceState& s, const StepParams& p, bool kick);
// firstBadOwner (kernels/integration/owner_check.cpp): reads owner pose and velocities; returns the
// lowest owner index whose position, orientation, velocity or angular velocity is not
// finite, whose speed exceeds speedLimit [m/s], or whose spin |w| times spinRadius [m]
// does; -1 when every owner is within bounds (core/blow_up_guard.h).
Index firstBadOwner(const DeviceState& s, double speedLimit, double spinRadius);
// Number of candidate contacts whose spheres overlap now (sphere–sphere, sphere–wall).
std::size_t touchingPairCount(const DeviceState& s);
std::size_t touchingWallCount(const DeviceState& s);
// The touching candidates (the same test as the counts above) with the force of the last
// computeContactForces on the first member (output; kernels/forces/contact_forces.cpp).
ContactForces downloadTouchingContacts(const DeviceState& s);
// The touching sphere–boundary contacts in key order, with normal and contact point.
std::vector<WallContact> downloadWallContacts(const DeviceState& s);

}  // namespace regolith
