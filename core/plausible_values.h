// Values a scene may legally give but that no real material has: the signs of a unit slip
// (a density in g/cm³, a modulus in GPa, a length in mm). They are warnings, not errors —
// a study may want an odd value on purpose — printed by `check`, `run` and `bed` with the
// JSON pointer, and named by the time-step message when they set the step's limit.
#pragma once

#include <string>
#include <vector>

#include "core/material.h"

namespace regolith {

// One implausible property: its scene key ("density", "youngs_modulus") and a sentence
// giving the value, the range real solids span and the likely unit slip.
struct ImplausibleValue {
  std::string key;
  std::string message;
};

// Ranges, SI: density 300 to 25,000 kg/m³ (pumice grains to tungsten and osmium, 22,600);
// Young's modulus 1e5 to 1.2e12 Pa (soft rubber to diamond; DEM's reduced moduli, 1e6 to
// 1e8, are inside). A density left 0 (a wall) is not checked.
std::vector<ImplausibleValue> implausibleMaterialValues(const Material& m);

// A body whose extent is at least this many times the grains' region is flagged (a wheel
// radius of 10 m meant as 10 mm over a 0.2 m bed is 100 times).
inline constexpr double kBodyToGrainRegionRatio = 10.0;

}  // namespace regolith
