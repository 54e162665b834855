// When a run has blown up (issue 20 item 3), and the words for it.
//
// A particle (owner) has blown up when its position, orientation, velocity or angular
// velocity is not finite, or when it moves faster than blowUpSpeed = r_min / dt: a surface
// that covers more than the smallest sphere radius in one step can pass through a grain
// between two force evaluations, so no contact force the step computes means anything any
// more. That is no limit on a physical run: at the usual step (a fifth of the Rayleigh
// time) r_min / dt is about 1.5 times the grains' shear-wave speed (43 m/s in the demo
// scene, 50 m/s in the single-wheel one), while granular flows move at m/s. A spin counts
// by the surface speed it gives the smallest sphere (|w| r_min), a bound that is lenient for
// larger clumps. The rule itself is kernels/integration/owner_fault.h, shared with the device check.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "kernels/integration/owner_fault.h"
#include "kernels/state_arrays.h"

namespace regolith {

// r_min / dt [m/s]; infinite when there are no spheres.
double blowUpSpeed(double minRadius, double timeStep);

struct OwnerFaultReport {
  Index owner = -1;
  OwnerFault fault = OwnerFault::None;
  std::string what;  // "speed 1.2e+05 m/s, above the limit 43 m/s", "position is not finite (nan, 0, 0)"
};

// The lowest-index owner of `s` that breaks the rule, described; nothing when none does.
std::optional<OwnerFaultReport> firstOwnerFault(const StateArrays& s, double speedLimit, double spinRadius);
// The fastest owner (the run's worst, when none breaks the rule but the run still failed).
OwnerFaultReport fastestOwner(const StateArrays& s);

// Thrown by the stepping loop when a step's largest surface speed is past the limit or not
// finite (async mode: it knows the speed of every step, and the list margin it would size
// from that speed is what makes a runaway's contact search explode).
class BlowUpError : public std::runtime_error {
 public:
  BlowUpError(std::uint64_t step, const std::string& what) : std::runtime_error(what), m_step(step) {}
  std::uint64_t step() const { return m_step; }

 private:
  std::uint64_t m_step;
};

}  // namespace regolith
