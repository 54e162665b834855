// The stepping loop.
#include "core/simulation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "core/blow_up_guard.h"
#include "core/periodic_model.h"
#include "core/same_bits.h"
#include "kernels/detection/build_guard.h"

namespace regolith {
namespace {

void validateModel(const Model& m, const StateArrays& s) {
  if (m.materials.empty()) throw std::invalid_argument("the model defines no materials");
  std::vector<bool> usedBySpheres(m.materials.size(), false);
  for (Index mat : s.sphereMaterial) {
    if (mat < 0 || mat >= static_cast<Index>(m.materials.size()))
      throw std::invalid_argument("a sphere refers to an undefined material index " + std::to_string(mat));
    usedBySpheres[mat] = true;
  }
  for (std::size_t i = 0; i < m.materials.size(); ++i) validateMaterial(m.materials[i], usedBySpheres[i]);
  for (const BoundaryPrimitive& b : m.boundaries)
    if (b.material < 0 || b.material >= static_cast<Index>(m.materials.size()))
      throw std::invalid_argument("a boundary refers to an undefined material index");
  if (const std::string problem = contactSettingsProblem(m.contactSettings, m.contactModel); !problem.empty())
    throw std::invalid_argument(problem);
  if (!(m.margin >= 0)) throw std::invalid_argument("contact margin must be >= 0");
  validateFamilies(m.families, m.familySwitches);
  int boundary = -1;
  if (const std::string problem = periodicModelProblem(m, &boundary); !problem.empty())
    throw std::invalid_argument(boundary >= 0 ? "boundary " + std::to_string(boundary) + ": " + problem : problem);
}

}  // namespace

Simulation::Simulation(Model model, const StateArrays& initial) : m_model(std::move(model)) {
  validateModel(m_model, initial);
  validateStreamSettings(m_model.streams);
  m_rayleigh = finestRayleighTime(m_model.materials, initial);
  enforceTimeStep(m_model.timeStep, m_rayleigh, kRayleighFraction, m_model.allowLargeTimeStep);
  requireDevice();

  m_params.dt = Real(m_model.timeStep);
  m_params.gravity = m_model.gravity;
  const double rMin = initial.sphereRadius.empty()
                          ? 0.0
                          : double(*std::min_element(initial.sphereRadius.begin(), initial.sphereRadius.end()));
  m_minRadius = rMin;
  m_blowUpSpeed = regolith::blowUpSpeed(rMin, m_model.timeStep);
  m_margin = contactMargin(m_model, rMin);
  m_marginExtra = m_model.streams.marginExtra >= 0 ? m_model.streams.marginExtra : 0.1 * rMin;
  const auto table = buildPairTable(m_model.materials, m_model.pairOverrides, m_model.contactSettings);
  m_device = createDeviceState(initial, table, static_cast<Index>(m_model.materials.size()), m_model.boundaries,
                               m_model.meshTopology);
  setPeriodicBox(*m_device, m_model.periodic);
  std::vector<Index> boundaryOwners;
  for (const BoundaryPrimitive& b : m_model.boundaries) boundaryOwners.push_back(b.owner);
  m_numbering = ParticleNumbering(initial.ownerSphereBegin, boundaryOwners);
  m_sceneFamilies = m_model.families.size();
  for (std::size_t o = 0; o < initial.ownerCount(); ++o)
    m_sphereless.push_back(initial.ownerSphereBegin[o + 1] == initial.ownerSphereBegin[o]);
  m_switched.assign(m_model.familySwitches.size(), false);
  trackDisplacement(*m_device, m_model.streams.mode != StreamMode::Async);
  const SphereMotion motion = updateSpherePositions(*m_device, m_model.streams.mode == StreamMode::Async);
  if (m_model.streams.mode == StreamMode::Async) {
    const int total = threadCount();
    m_kinematicThreads = m_model.streams.kinematicThreads > 0 ? m_model.streams.kinematicThreads
                                                              : std::max(1, total / 4);
    m_dynamicThreads = std::max(1, total - m_kinematicThreads);
    m_spareList = createCandidateList();
    rebuildFromHere(0, surfaceSpeed(motion));
    m_kinematic = std::make_unique<KinematicStream>(*m_device, m_kinematicThreads);
  } else {
    rebuild(0);
  }
  evaluateForces(/*kick=*/false);
  if (m_model.follow) startFollowing(initial);
}

Simulation::~Simulation() = default;

void Simulation::rebuild(std::uint64_t step) {
  rebuildContacts(*m_device, Real(m_margin));
  m_list = {step, m_margin, 0.0};
  ++m_rebuilds;
}

void Simulation::evaluateForces(bool kick) {
  computeContactForces(*m_device, m_params, m_model.contactModel);
  gatherAndKick(*m_device, m_params, kick);
}

// Motion rules for the step [t, t + dt]: family switches due by the step's midpoint, then
// the control table, uploaded only when it changed (constant rules: once).
void Simulation::applyMotionRules() {
  const double dt = m_model.timeStep;
  for (std::size_t i = 0; i < m_model.familySwitches.size(); ++i) {
    const FamilySwitch& sw = m_model.familySwitches[i];
    if (m_switched[i] || sw.time > m_time + 0.5 * dt) continue;
    reassignFamily(*m_device, sw.from, sw.to);
    m_switched[i] = true;
  }
  if (m_model.families.empty()) return;
  std::vector<FamilyControl> controls = evaluateFamilies(m_model.families, m_time, dt);
  if (sameControls(controls, m_controls)) return;
  uploadFamilyControls(*m_device, controls);
  m_controls = std::move(controls);
}

void Simulation::setFamilyMotion(Index family, MotionPhase phase) {
  if (family < 0) throw std::invalid_argument("setFamilyMotion: family " + std::to_string(family));
  std::vector<FamilyMotion> families = m_model.families;
  if (std::size_t(family) >= families.size()) families.resize(std::size_t(family) + 1);
  std::vector<MotionPhase>& phases = families[std::size_t(family)].phases;
  phase.start = m_time;
  phases.erase(std::remove_if(phases.begin(), phases.end(), [&](const MotionPhase& p) { return p.start >= m_time; }),
               phases.end());
  phases.push_back(std::move(phase));
  validateFamilies(families, m_model.familySwitches);
  m_model.families = std::move(families);
}

void Simulation::rebuildNow() {
  if (m_model.streams.mode == StreamMode::Async) {
    const SphereMotion motion = updateSpherePositions(*m_device, /*withSpeed=*/true);
    rebuildFromHere(m_steps, surfaceSpeed(motion));
  } else {
    rebuild(m_steps);
  }
}

void Simulation::setContactHistory(const ContactSnapshot& snapshot) {
  uploadContactHistory(*m_device, m_numbering.toEngine(snapshot));
  rebuildNow();
}

namespace {
// The dynamic stream's OpenMP thread count for the duration of a step() call.
class ThreadBudget {
 public:
  explicit ThreadBudget(int threads) : m_before(threadCount()) { setThreadCount(threads); }
  ~ThreadBudget() { setThreadCount(m_before); }

 private:
  int m_before;
};
}  // namespace

void Simulation::step(std::uint64_t steps, bool stoppable) {
  const ThreadBudget budget(m_model.streams.mode == StreamMode::Async ? m_dynamicThreads : threadCount());
  for (std::uint64_t k = 0; k < steps; ++k) {
    // A signal ends the stepping between steps, not after the caller's whole count (a
    // step of a large run can take long; the caller checkpoints the whole step).
    if (stoppable && stopRequested()) return;
    applyMotionRules();
    switch (m_model.streams.mode) {
      case StreamMode::Sync:
        stepSync();
        break;
      case StreamMode::Verlet:
        stepVerlet();
        break;
      case StreamMode::Async:
        stepAsync();
        break;
    }
    ++m_steps;
    m_time = double(m_steps) * m_model.timeStep;
    if (!m_tracked.empty()) {
      addTrackedLoads(*m_device);
      ++m_trackedSteps;
    }
    if (m_model.follow) followBody();
  }
}

// Every mode renumbers at the same steps, from the same positions (those after the drift),
// and sums the step's contacts in the new order: the modes stay equal bit for bit.
bool Simulation::renumberDue(std::uint64_t n) const {
  const int every = m_model.streams.reorderEvery;
  return every > 0 && n % std::uint64_t(every) == 0;
}

// A renumbering permutes every array and rebuilds the lists (measured: 27 of them in 3000
// steps cost a bed at rest 9 % at N = 20,000, each for the few grains that jiggled
// across a cell face). It is skipped while fewer than 1/32 of the grains are out of cell
// order (counted as grains whose cell key is below their predecessor's).
constexpr std::size_t kRenumberDisorderDivisor = 32;

std::vector<Index> Simulation::newCellOrder() const {
  CellOrder order = cellOrderOfLoneSpheres(*m_device);
  if (order.outOfOrder == 0 || order.outOfOrder * kRenumberDisorderDivisor < order.movable) return {};
  return std::move(order.newToOld);
}

void Simulation::renumber(const std::vector<Index>& order) {
  // The tracked owners' sums stay; their engine slots are looked up again.
  const std::vector<TrackedOwnerReading> sums = readTrackedOwners(*m_device);
  m_numbering.permute(order);
  permuteParticles(*m_device, order);
  if (!m_tracked.empty()) {
    std::vector<Vec3d> forces, torques;
    for (const TrackedOwnerReading& r : sums) forces.push_back(r.forceSum), torques.push_back(r.torqueSum);
    uploadTracked(forces, torques);
  }
  ++m_stats.renumberings;
}

void Simulation::stepSync() {
  const std::uint64_t n = m_steps + 1;  // the step the new positions belong to
  requireSpeedWithinLimit(kickDrift(*m_device, m_params, /*withSpeed=*/true), n);
  if (renumberDue(n)) {
    const std::vector<Index> order = newCellOrder();
    if (!order.empty()) renumber(order);
  }
  rebuild(n);
  evaluateForces(/*kick=*/true);
}

void Simulation::stepVerlet() {
  const std::uint64_t n = m_steps + 1;
  const double trigger = 0.25 * m_margin * m_margin;  // (margin / 2)^2
  const SphereMotion motion = kickDrift(*m_device, m_params, /*withSpeed=*/true);
  requireSpeedWithinLimit(motion, n);
  const std::vector<Index> order = renumberDue(n) ? newCellOrder() : std::vector<Index>();
  if (!order.empty()) renumber(order);
  if (!order.empty() || motion.moved2 > trigger) rebuild(n);  // a renumbering leaves no index
  evaluateForces(/*kick=*/true);
}

// Every mode stops a blow-up at the step it happens, before a list is built from it (its
// reach would span the bed and the search grow as N^2) and while the state is still
// finite, so the post-mortem frame is one a reader can open. Sphere speeds only: the
// owned boundaries' step is a conservative bound, and a body driven too fast is caught by
// its owner's speed (firstBadOwner) or by the grains it throws. The speed is one more max
// in the reduction kickDrift does anyway.
void Simulation::requireSpeedWithinLimit(const SphereMotion& motion, std::uint64_t step) const {
  const double sphereSpeed = std::sqrt(motion.speed2);
  if (sphereSpeed <= m_blowUpSpeed) return;
  std::ostringstream what;
  what << "a sphere moved at " << sphereSpeed << " m/s in step " << step << ", above the limit " << m_blowUpSpeed
       << " m/s";
  throw BlowUpError(step, what.str());
}

// --- Async: the dynamic stream's side of the dual-stream engine. ---
//
// A list built from positions at snapshot step k with reach 2m holds every pair whose
// surfaces are within 2m at k. If no surface point moves faster than allowedSpeed =
// m / (D dt) during the steps after k, no surface moves more than m within D steps, so
// no pair outside the list can touch before step k + D. The dynamic stream therefore uses
// a list only while (step - k) <= D and the largest speed of every step since k is within
// allowedSpeed; otherwise it waits for a newer list (age) or rebuilds at once (speed).

// The largest speed of any surface in the last step: sphere centres, and owned boundaries
// from their displacement bound over the step.
double Simulation::surfaceSpeed(const SphereMotion& m) const {
  return std::max(std::sqrt(m.speed2), m.boundaryStep / m_model.timeStep);
}

KinematicStream::ListFacts Simulation::factsForSpeed(std::uint64_t step, double speed) const {
  const StreamSettings& st = m_model.streams;
  const double window = double(st.maxDrift) * m_model.timeStep;  // D dt [s]
  const double m = speed * window * st.safety + m_marginExtra;   // per-surface margin [m]
  return {step, 2.0 * m, m / window};
}

bool Simulation::speedsWithin(const KinematicStream::ListFacts& f) const {
  for (const auto& [s, speed] : m_speeds)
    if (s > f.snapshotStep && speed > f.allowedSpeed) return false;
  return true;
}

bool Simulation::listValidAt(const KinematicStream::ListFacts& f, std::uint64_t step) const {
  if (step < f.snapshotStep || step - f.snapshotStep > std::uint64_t(m_model.streams.maxDrift)) return false;
  return speedsWithin(f);
}

bool Simulation::adoptReady(std::uint64_t step, bool wait) {
  std::uint64_t after = m_list.snapshotStep;
  for (;;) {
    const auto facts = m_kinematic->take(m_spareList, after, wait);
    if (!facts) return false;
    if (!listValidAt(*facts, step)) {
      ++m_stats.discarded;  // built before a faster step, or too old: keep looking
      after = facts->snapshotStep;
      continue;
    }
    adoptCandidates(*m_device, *m_spareList);
    releaseCandidateArrays(*m_spareList);  // the state's old lists: nothing reads them again
    m_list = *facts;
    m_margin = facts->reach;
    ++m_stats.adopted;
    return true;
  }
}

void Simulation::rebuildFromHere(std::uint64_t step, double speed) {
  m_list = factsForSpeed(step, speed);
  m_margin = m_list.reach;
  rebuildContacts(*m_device, Real(m_margin));
  releaseSynchronousBuildScratch(*m_device);
  ++m_rebuilds;
}

void Simulation::publishSnapshot(std::uint64_t step, double speed) {
  takeSnapshot(*m_device, m_kinematic->snapshotToFill());
  m_kinematic->publish(factsForSpeed(step, speed));
}

void Simulation::stepAsync() {
  const StreamSettings& st = m_model.streams;
  const SphereMotion motion = kickDrift(*m_device, m_params, /*withSpeed=*/true);
  const double speed = surfaceSpeed(motion);
  const std::uint64_t n = m_steps + 1;  // the step the positions now belong to
  requireSpeedWithinLimit(motion, n);   // before the margin is sized from this speed
  m_speeds.emplace_back(n, speed);
  while (m_speeds.size() > std::size_t(st.maxDrift) + 1) m_speeds.pop_front();

  if (const std::vector<Index> order = renumberDue(n) ? newCellOrder() : std::vector<Index>(); !order.empty()) {
    // The kinematic stream reads the sphere arrays a renumbering permutes, and its lists
    // in flight use the old numbering: it is stopped (joined after its build), the lists
    // are rebuilt here, and a new stream starts from the renumbered state.
    m_retiredBuilds += m_kinematic->builds();
    m_kinematic.reset();
    renumber(order);
    rebuildFromHere(n, speed);
    m_kinematic = std::make_unique<KinematicStream>(*m_device, m_kinematicThreads);
  }
  adoptReady(n, /*wait=*/false);
  if (!listValidAt(m_list, n)) {
    bool adopted = false;
    if (speedsWithin(m_list)) {
      // Only too old: a list from a newer snapshot is coming (or is asked for now); wait.
      // (Too fast goes straight to the rebuild below: lists on their way were sized for
      // the slower speeds before this step.)
      ++m_stats.waits;
      const auto t0 = std::chrono::steady_clock::now();
      if (!m_kinematic->buildPendingAfter(m_list.snapshotStep)) publishSnapshot(n, speed);
      adopted = adoptReady(n, /*wait=*/true);
      m_stats.waitSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    if (!adopted || !listValidAt(m_list, n)) {
      // A surface moved faster than the margin assumed: rebuild now from these positions
      // rather than risk a missed contact.
      ++m_stats.forcedRebuilds;
      rebuildFromHere(n, speed);
    }
  } else if (n % std::uint64_t(st.updateEvery) == 0) {
    publishSnapshot(n, speed);  // before the forces, so the build overlaps them
  }
  const std::uint64_t lag = n - m_list.snapshotStep;
  ++m_stats.steps;
  m_stats.lagSum += lag;
  m_stats.maxLag = std::max(m_stats.maxLag, lag);
  evaluateForces(/*kick=*/true);
}

EngineState Simulation::saveState() const {
  EngineState e;
  e.steps = m_steps;
  e.state = state();
  e.contacts = contacts();
  e.switched.assign(m_switched.begin(), m_switched.end());
  const StreamStats st = streamStats();
  e.rebuilds = st.builds;
  e.stats = st;
  e.recentSpeeds.assign(m_speeds.begin(), m_speeds.end());
  e.ownerOrder = m_numbering.ownerOrder();
  e.trackedOwners = m_tracked;
  e.trackedSteps = m_trackedSteps;
  e.movingBed = m_bed;
  for (const TrackedOwnerReading& r : readTrackedOwners(*m_device)) {
    e.trackedForceSums.push_back(r.forceSum);
    e.trackedTorqueSums.push_back(r.torqueSum);
  }
  return e;
}

namespace {
// The arrays a checkpoint cannot change: they come from the scene. A mismatch means the
// checkpoint belongs to another scene (or another version of it).
void requireSameStructure(const StateArrays& built, const StateArrays& saved) {
  bool same = true;
  forEachStateField(
      [&](const StateField& f, const auto& a, const auto& b) {
        if (f.change == FieldChange::Never) same = same && sameBits(a, b);
      },
      built, saved);
  if (!same)
    throw std::invalid_argument(
        "the saved state does not fit this model: owners, masses, inertias or spheres differ "
        "(a checkpoint of another scene?)");
}
}  // namespace

void Simulation::restoreState(const EngineState& saved) {
  // Only a fresh Simulation: the kinematic stream then has nothing in flight that belongs
  // to the trajectory being replaced.
  if (m_steps != 0) throw std::logic_error("restoreState needs a Simulation that has not stepped");
  requireSameStructure(state(), saved.state);
  if (saved.switched.size() != m_model.familySwitches.size())
    throw std::invalid_argument("the saved state has " + std::to_string(saved.switched.size()) +
                                " family switches, the model " + std::to_string(m_model.familySwitches.size()));
  // The engine's numbering first (a fresh engine has the scene's), then the state in it.
  m_numbering.restore(saved.ownerOrder);
  if (!m_numbering.isScene()) permuteParticles(*m_device, m_numbering.ownerOrder());
  restoreOwnerState(*m_device, m_numbering.toEngine(saved.state));
  updateSpherePositions(*m_device, /*withSpeed=*/false);  // the lists below come from these
  m_steps = saved.steps;
  m_time = double(m_steps) * m_model.timeStep;
  m_switched.assign(saved.switched.begin(), saved.switched.end());
  m_controls.clear();  // re-evaluated and uploaded at the next step
  m_speeds.assign(saved.recentSpeeds.begin(), saved.recentSpeeds.end());
  m_stats = saved.stats;
  // Fresh lists from the restored positions, carrying the saved history by key.
  setContactHistory(saved.contacts);
  m_rebuilds = saved.rebuilds + 1;  // the saved builds and this one
  if (saved.trackedForceSums.size() != saved.trackedOwners.size() ||
      saved.trackedTorqueSums.size() != saved.trackedOwners.size())
    throw std::invalid_argument("the saved state's tracked owners and their sums differ in length");
  trackOwners(saved.trackedOwners);
  if (!m_tracked.empty()) uploadTracked(saved.trackedForceSums, saved.trackedTorqueSums);
  m_trackedSteps = saved.trackedSteps;
  m_bed = saved.movingBed;
}

StreamStats Simulation::streamStats() const {
  StreamStats s = m_stats;
  s.builds = m_rebuilds + m_retiredBuilds + (m_kinematic ? m_kinematic->builds() : 0);
  return s;
}

StateArrays Simulation::state() const {
  StateArrays s;
  downloadState(*m_device, s);
  return m_numbering.toScene(s);
}

HostStateView Simulation::hostStateView() const {
  return m_numbering.isScene() ? regolith::hostStateView(*m_device) : HostStateView{};
}

std::vector<BoundaryPrimitive> Simulation::boundaries() const { return downloadBoundaries(*m_device); }

ContactSnapshot Simulation::contacts() const { return m_numbering.toScene(downloadContacts(*m_device)); }

Index Simulation::firstBadOwner() const {
  return m_numbering.ownerToScene(regolith::firstBadOwner(*m_device, m_blowUpSpeed, m_minRadius));
}

std::size_t Simulation::touchingPairs() const { return touchingPairCount(*m_device); }
std::size_t Simulation::touchingWalls() const { return touchingWallCount(*m_device); }

std::size_t Simulation::candidateContacts() const {
  return candidatePairCount(*m_device) + candidateWallCount(*m_device);
}

NearPairStats Simulation::nearPairs() const { return nearPairStats(*m_device); }

std::size_t Simulation::deviceBytes() const {
  std::size_t bytes = regolith::deviceBytes(*m_device);
  if (m_kinematic) bytes += m_kinematic->deviceBytes() + regolith::deviceBytes(*m_spareList);
  return bytes;
}

std::vector<Vec3d> Simulation::spherePositions() const {
  return m_numbering.spheresToScene(downloadSpherePositions(*m_device));
}

ContactForces Simulation::contactForces() const { return m_numbering.toScene(downloadTouchingContacts(*m_device)); }
std::vector<WallContact> Simulation::wallContacts() const {
  return m_numbering.toScene(downloadWallContacts(*m_device));
}

}  // namespace regolith
