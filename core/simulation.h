// The stepping loop: owns the device state built from a Model and an initial state, and
// advances it one velocity-Verlet step at a time (stages in kernels/stages.h).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

#include "core/engine_state.h"
#include "core/kinematic_stream.h"
#include "core/model.h"
#include "core/moving_bed.h"
#include "core/particle_numbering.h"
#include "core/time_step_guard.h"
#include "kernels/stages.h"

namespace regolith {

class Simulation {
 public:
  // Validates materials, the time step (Rayleigh guard) and sizes; uploads the state;
  // builds the first contact lists and evaluates the initial forces.
  // Throws std::invalid_argument or TimeStepError with a message for the user.
  Simulation(Model model, const StateArrays& initial);

  ~Simulation();
  Simulation(const Simulation&) = delete;
  Simulation& operator=(const Simulation&) = delete;

  // Advances `steps` steps, or fewer when a stop is requested (kernels/detection/build_guard.h):
  // it then returns after the step in progress. Throws BlowUpError (core/blow_up_guard.h)
  // when a step's surfaces move past blowUpSpeed() (async mode, which measures every
  // step), CandidateOverflow when a contact list passes its cap, BuildInterrupted when a
  // stop request ends a long build; the state is then mid-step, fit for a post-mortem only.
  // With `stoppable` false a stop request does not end the call early (a coupling's
  // exchange interval is taken whole: coupling/dem_terrain.h).
  void step(std::uint64_t steps = 1, bool stoppable = true);

  // The blow-up limit r_min / dt [m/s] and the first owner past it or not finite, by a
  // check on the device (-1: none). core/blow_up_guard.h.
  double blowUpSpeed() const { return m_blowUpSpeed; }
  double minRadius() const { return m_minRadius; }
  Index firstBadOwner() const;

  // From the current time on, owners of `family` follow `phase` (its start becomes time();
  // the family's phases from then on are dropped): how a controller changes a prescribed
  // velocity between step() calls. Families past the model's list are added (free until
  // then). Not part of saveState(): a restored run follows the model's rules. Throws
  // std::invalid_argument for a negative family or a rule validateFamilies refuses.
  void setFamilyMotion(Index family, MotionPhase phase);

  // Coupling to another code (coupling/, docs/coupling.md). From now on the contact loads
  // of `owners` (scene numbering; each once) are summed over every step, each step adding
  // the forces it evaluates at its new positions; takeTrackedOwners() returns, per owner in
  // this order, the mean since the previous take with the owner's pose and velocities now,
  // and starts new sums. Replaces an earlier list. Part of saveState(). Throws
  // std::invalid_argument for an owner out of range or named twice.
  struct TrackedOwner {
    Vec3d position;  // centre of mass [m]
    Quat orientation;
    Vec3d velocity, angularVelocity;  // [m/s], [rad/s], world frame
    Vec3d force, torque;      // mean contact force [N] and moment about the centre of mass [N m]; zero after no step
    std::uint64_t steps = 0;  // steps averaged over
  };
  void trackOwners(const std::vector<Index>& owners);
  std::vector<TrackedOwner> takeTrackedOwners();
  const std::vector<Index>& trackedOwners() const { return m_tracked; }
  // Owner `owner` (scene numbering) moves from now on at the constant velocity `velocity`
  // and angular velocity `angularVelocity` (world frame), whatever its contacts, until the
  // next call: all six degrees of freedom prescribed. The first call gives the owner a
  // family of its own, past every family in use (its earlier family's rules no longer move
  // it). Not part of saveState(): call it again after a restore. Throws
  // std::invalid_argument for an owner out of range or a velocity not finite.
  void prescribeOwnerVelocity(Index owner, const Vec3d& velocity, const Vec3d& angularVelocity);
  // The same, from the pose `position` (centre of mass), `orientation` (principal frame to
  // world) on: the owner is put there first. For owners without spheres only (a body that
  // carries boundaries): its boundaries follow at the next step, whose boundary motion
  // (the jump included) every contact-list rule accounts for. Throws std::invalid_argument
  // for an owner with spheres, a pose not finite or an orientation not of unit length.
  void prescribeOwnerMotion(Index owner, const Vec3d& position, const Quat& orientation, const Vec3d& velocity,
                            const Vec3d& angularVelocity);

  // A bed that follows a body (Model::follow; docs/moving-bed.md): its template, the next
  // strip due and how many strips it has made fresh. Every step ends with the check; a
  // refresh moves grains, ends their contacts' history, rebuilds the lists and evaluates the
  // forces at the new positions. Part of saveState().
  const MovingBedState& movingBed() const { return m_bed; }
  // What the last refresh did (empty before the first): core/moving_bed.h.
  const StripRefresh& lastRefresh() const { return m_lastRefresh; }

  // Rebuilds the candidate lists now, carrying history over (tests; synchronous mode).
  void rebuildNow();
  // What a checkpoint holds (core/engine_state.h), and its restore: call restoreState on a
  // Simulation constructed from the same Model and initial state as the saved one; the
  // run then continues bit for bit as the saved one would have (CPU build). Throws
  // std::invalid_argument when the saved state does not fit this model (another scene).
  EngineState saveState() const;
  void restoreState(const EngineState& saved);

  // Replaces the contact history (e.g. from a checkpoint) and rebuilds: each pair of the
  // new lists takes the shear stored under its key, others start from zero.
  void setContactHistory(const ContactSnapshot& snapshot);

  double time() const { return m_time; }
  std::uint64_t stepCount() const { return m_steps; }
  std::uint64_t rebuildCount() const { return m_rebuilds; }
  // Reach of the current candidate lists: pairs within r_i + r_j + margin() [m].
  double margin() const { return m_margin; }
  StreamMode mode() const { return m_model.streams.mode; }
  // Counters of the dual-stream engine; builds include the kinematic stream's.
  StreamStats streamStats() const;
  // Snapshot step of the list in use (async: the dynamic stream is stepCount() - this
  // many steps past it; sync and verlet: the step of the last rebuild).
  std::uint64_t listSnapshotStep() const { return m_list.snapshotStep; }
  const Model& model() const { return m_model; }
  const RayleighLimit& rayleighLimit() const { return m_rayleigh; }

  // Everything below reads in the scene's numbering of owners and spheres, also after the
  // engine renumbered them (streams.reorder_every; core/particle_numbering.h).
  StateArrays state() const;  // download of owners and spheres
  // The live arrays in place (CPU build; null pointers on CUDA, and once the engine has
  // renumbered particles, since its arrays are then in another order): kernels/stages.h.
  HostStateView hostStateView() const;
  std::vector<BoundaryPrimitive> boundaries() const;  // as they stand (owned ones moved)
  ContactSnapshot contacts() const;                   // candidate lists and shear history
  std::size_t touchingPairs() const;                  // overlapping sphere–sphere candidates
  std::size_t touchingWalls() const;                  // overlapping sphere–boundary candidates
  std::size_t touchingContacts() const { return touchingPairs() + touchingWalls(); }
  std::size_t candidateContacts() const;
  NearPairStats nearPairs() const;  // the sphere–sphere candidates the pair pass visits
  std::size_t deviceBytes() const;

  // Output (run files): sphere centres as of the last step [m], and the touching contacts
  // with the force on their first member.
  std::vector<Vec3d> spherePositions() const;
  ContactForces contactForces() const;
  std::vector<WallContact> wallContacts() const;  // touching sphere–boundary contacts

 private:
  void rebuild(std::uint64_t step);
  void evaluateForces(bool kick);
  void stepSync();
  void stepVerlet();
  void stepAsync();
  // Async helpers (see simulation.cpp).
  double surfaceSpeed(const SphereMotion& m) const;
  // Throws BlowUpError when a sphere moved faster than the blow-up limit in `step`.
  void requireSpeedWithinLimit(const SphereMotion& motion, std::uint64_t step) const;
  KinematicStream::ListFacts factsForSpeed(std::uint64_t step, double speed) const;
  bool listValidAt(const KinematicStream::ListFacts& f, std::uint64_t step) const;
  bool speedsWithin(const KinematicStream::ListFacts& f) const;
  bool adoptReady(std::uint64_t step, bool wait);
  void rebuildFromHere(std::uint64_t step, double speed);
  void publishSnapshot(std::uint64_t step, double speed);
  void applyMotionRules();
  // The following bed (core/simulation_moving_bed.cpp): the check at the end of a step, the
  // refresh of one strip, the body's unwrapped centre.
  void startFollowing(const StateArrays& initial);
  void followBody();
  void refreshStrip(std::int64_t strip);
  Vec3d followedBodyCentre() const;
  // streams.reorder_every: whether step n renumbers; the cell order of the particles, or
  // an empty list when they are in it already or nearly (see simulation.cpp); the
  // renumbering to that order.
  bool renumberDue(std::uint64_t n) const;
  std::vector<Index> newCellOrder() const;
  void renumber(const std::vector<Index>& order);

  Model m_model;
  RayleighLimit m_rayleigh;
  DeviceStatePtr m_device;
  StepParams m_params;
  double m_margin = 0;
  double m_minRadius = 0;    // smallest sphere radius [m]
  double m_blowUpSpeed = 0;  // r_min / dt [m/s]
  double m_time = 0;
  std::uint64_t m_steps = 0;
  std::uint64_t m_rebuilds = 0;

  // Dual stream.
  double m_marginExtra = 0;  // resolved StreamSettings::marginExtra [m]
  int m_dynamicThreads = 1;
  KinematicStream::ListFacts m_list;                      // facts of the live list
  std::deque<std::pair<std::uint64_t, double>> m_speeds;  // (step, largest speed), last D+1
  StreamStats m_stats;
  CandidateListPtr m_spareList;
  std::unique_ptr<KinematicStream> m_kinematic;
  int m_kinematicThreads = 0;
  std::uint64_t m_retiredBuilds = 0;  // builds of kinematic streams stopped for a renumbering
  ParticleNumbering m_numbering;
  // Coupling (core/simulation_coupling.cpp): tracked owners in the scene's numbering, the
  // steps summed since the last take, and the family each prescribed owner was given.
  std::size_t m_sceneFamilies = 0;  // the model's families when the Simulation was built
  std::vector<bool> m_sphereless;   // per owner (scene numbering): carries no sphere
  std::vector<Index> m_tracked;
  std::uint64_t m_trackedSteps = 0;
  std::vector<std::pair<Index, Index>> m_ownFamily;  // (owner, family)
  void uploadTracked(const std::vector<Vec3d>& forceSums, const std::vector<Vec3d>& torqueSums);
  std::vector<FamilyControl> m_controls;  // as last uploaded
  std::vector<bool> m_switched;           // per Model::familySwitches entry
  // Following bed: what it has done, the body's reach (core/moving_bed.h bodyReachOf), the
  // last refresh.
  MovingBedState m_bed;
  double m_bodyReach = 0;
  StripRefresh m_lastRefresh;
};

}  // namespace regolith
