// The stepping loop: owns the device state built from a Model and an initial state, and
// advances it one velocity-Verlet step at a time (stages in kernels/stages.h).
#pragma once

#include <cstdint>

#include "core/model.h"
#include "core/time_step_guard.h"
#include "kernels/stages.h"

namespace regolith {

class Simulation {
 public:
  // Validates materials, the time step (Rayleigh guard) and sizes; uploads the state;
  // builds the first contact lists and evaluates the initial forces.
  // Throws std::invalid_argument or TimeStepError with a message for the user.
  Simulation(Model model, const StateArrays& initial);

  void step(std::uint64_t steps = 1);

  // Rebuilds the candidate lists now, carrying history over (tests; synchronous mode).
  void rebuildNow();
  // Replaces the contact history (e.g. from a checkpoint) and rebuilds: each pair of the
  // new lists takes the shear stored under its key, others start from zero.
  void setContactHistory(const ContactSnapshot& snapshot);

  double time() const { return m_time; }
  std::uint64_t stepCount() const { return m_steps; }
  std::uint64_t rebuildCount() const { return m_rebuilds; }
  double margin() const { return m_margin; }
  const Model& model() const { return m_model; }
  const RayleighLimit& rayleighLimit() const { return m_rayleigh; }

  StateArrays state() const;            // download of owners and spheres
  std::vector<BoundaryPrimitive> boundaries() const;  // as they stand (owned ones moved)
  ContactSnapshot contacts() const;     // candidate lists and shear history
  std::size_t touchingPairs() const;    // overlapping sphere–sphere candidates
  std::size_t touchingWalls() const;    // overlapping sphere–boundary candidates
  std::size_t touchingContacts() const { return touchingPairs() + touchingWalls(); }
  std::size_t candidateContacts() const;
  std::size_t deviceBytes() const;

 private:
  void rebuild();
  void evaluateForces(bool kick);
  void applyMotionRules();

  Model m_model;
  RayleighLimit m_rayleigh;
  DeviceStatePtr m_device;
  StepParams m_params;
  double m_margin = 0;
  double m_time = 0;
  std::uint64_t m_steps = 0;
  std::uint64_t m_rebuilds = 0;
  std::vector<FamilyControl> m_controls;  // as last uploaded
  std::vector<bool> m_switched;           // per Model::familySwitches entry
};

}  // namespace regolith
