// The stepping loop.
#include "core/simulation.h"

#include <algorithm>
#include <stdexcept>

namespace regolith {
namespace {

void validateModel(const Model& m, const StateArrays& s) {
  if (m.materials.empty()) throw std::invalid_argument("the model defines no materials");
  std::vector<bool> usedBySpheres(m.materials.size(), false);
  for (Index mat : s.sphereMaterial) {
    if (mat < 0 || mat >= static_cast<Index>(m.materials.size()))
      throw std::invalid_argument("a sphere refers to an undefined material index " +
                                  std::to_string(mat));
    usedBySpheres[mat] = true;
  }
  for (std::size_t i = 0; i < m.materials.size(); ++i) validateMaterial(m.materials[i], usedBySpheres[i]);
  for (const BoundaryPrimitive& b : m.boundaries)
    if (b.material < 0 || b.material >= static_cast<Index>(m.materials.size()))
      throw std::invalid_argument("a boundary refers to an undefined material index");
  if (m.contactModel == ContactModelKind::LinearSpringDashpot &&
      !(m.linearSpring.normalStiffness > 0 && m.linearSpring.tangentialStiffness >= 0 &&
        m.linearSpring.normalDamping >= 0))
    throw std::invalid_argument(
        "linear spring-dashpot model: k_n must be > 0, k_t and d_n must be >= 0");
  if (!(m.margin >= 0)) throw std::invalid_argument("contact margin must be >= 0");
  validateFamilies(m.families, m.familySwitches);
}

}  // namespace

Simulation::Simulation(Model model, const StateArrays& initial) : m_model(std::move(model)) {
  validateModel(m_model, initial);
  m_rayleigh = finestRayleighTime(m_model.materials, initial);
  enforceTimeStep(m_model.timeStep, m_rayleigh, kRayleighFraction, m_model.allowLargeTimeStep);
  requireDevice();

  m_params.dt = Real(m_model.timeStep);
  m_params.gravity = m_model.gravity;
  m_margin = m_model.margin;
  if (m_margin <= 0 && !initial.sphereRadius.empty()) {
    m_margin = 0.4 * double(*std::min_element(initial.sphereRadius.begin(),
                                              initial.sphereRadius.end()));
  }
  const auto table = buildPairTable(m_model.materials, m_model.pairOverrides, m_model.linearSpring);
  m_device = createDeviceState(initial, table, static_cast<Index>(m_model.materials.size()),
                               m_model.boundaries);
  m_switched.assign(m_model.familySwitches.size(), false);
  updateSpherePositions(*m_device);
  rebuild();
  evaluateForces(/*kick=*/false);
}

void Simulation::rebuild() {
  rebuildContacts(*m_device, Real(m_margin));
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

void Simulation::rebuildNow() { rebuild(); }

void Simulation::setContactHistory(const ContactSnapshot& snapshot) {
  uploadContactHistory(*m_device, snapshot);
  rebuild();
}

void Simulation::step(std::uint64_t steps) {
  const double trigger = 0.25 * m_margin * m_margin;  // (margin / 2)^2
  for (std::uint64_t k = 0; k < steps; ++k) {
    applyMotionRules();
    kickDrift(*m_device, m_params);
    if (updateSpherePositions(*m_device) > trigger) rebuild();
    evaluateForces(/*kick=*/true);
    ++m_steps;
    m_time = double(m_steps) * m_model.timeStep;
  }
}

StateArrays Simulation::state() const {
  StateArrays s;
  downloadState(*m_device, s);
  return s;
}

std::vector<BoundaryPrimitive> Simulation::boundaries() const {
  return downloadBoundaries(*m_device);
}

ContactSnapshot Simulation::contacts() const { return downloadContacts(*m_device); }

std::size_t Simulation::touchingPairs() const { return touchingPairCount(*m_device); }
std::size_t Simulation::touchingWalls() const { return touchingWallCount(*m_device); }

std::size_t Simulation::candidateContacts() const {
  return candidatePairCount(*m_device) + candidateWallCount(*m_device);
}

std::size_t Simulation::deviceBytes() const { return regolith::deviceBytes(*m_device); }

}  // namespace regolith
