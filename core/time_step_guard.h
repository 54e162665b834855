// The Rayleigh time-step guard.
//   t_R = pi R sqrt(rho / G) / (0.1631 nu + 0.8766),  G = E / (2 (1 + nu))
// (Li, Xu & Thornton 2005, Powder Technol. 160:219; the usual DEM critical-step estimate),
// evaluated for every sphere material at the smallest radius that uses it; the finest
// (smallest t_R) decides. A step above kRayleighFraction t_R is refused unless overridden.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "core/material.h"
#include "kernels/backend/input_error.h"
#include "kernels/state_arrays.h"

namespace regolith {

double rayleighTime(const Material& m, double radius);

struct RayleighLimit {
  double rayleighTime = 0;        // [s], of the finest material (infinite with no spheres)
  std::string material;           // which material decides
  std::size_t materialIndex = 0;  // its index in the materials
  double radius = 0;              // at which radius [m]
};

RayleighLimit finestRayleighTime(const std::vector<Material>& materials, const StateArrays& s);

// Invalid input (the scene's time step), placed by whoever knows the scene file.
class TimeStepError : public InvalidInputError {
 public:
  explicit TimeStepError(const std::string& what) : InvalidInputError(what, "") {}
};

// Throws TimeStepError with dt, t_R, the fraction and the limit printed, unless allowed.
void enforceTimeStep(double dt, const RayleighLimit& limit, double fraction, bool allowOverride);

}  // namespace regolith
