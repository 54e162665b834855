// The material presets (core/material_presets.h).
#include "core/material_presets.h"

#include <stdexcept>

namespace regolith {

const std::vector<MaterialPreset>& materialPresets() {
  static const std::vector<MaterialPreset> presets = [] {
    std::vector<MaterialPreset> p;
    // A DEM stand-in for lunar regolith at grains of about 1 mm radius: the grain density
    // is the soil's, the stiffness is a DEM's (softened so a step of 1e-5 s or more is
    // allowed), and the cohesion is set so the bed's bulk cohesion falls in the range
    // measured on the Moon (docs/cohesion.md says how w sets c, and what was measured).
    Material m;
    m.name = "lunar-regolith-1mm";
    m.density = 3100;
    m.youngsModulus = 1e7;
    m.poissonRatio = 0.3;
    m.restitution = 0.3;
    m.friction = 0.5;
    m.rollingResistance = 0.1;
    m.workOfAdhesion = 0.2;
    p.push_back({m.name,
                 "density 3100 kg/m^3: the specific gravity of lunar soil particles, 3.1 (Carrier, Olhoeft & "
                 "Mendell 1991, 'Physical properties of the lunar surface', Lunar Sourcebook, ch. 9). Work of "
                 "adhesion 0.2 J/m^2: a bulk cohesion within the 0.1-1 kPa of the lunar surface soil (same "
                 "source) at grains of 1 mm radius: Rumpf's estimate gives 100-150 Pa, the single-wheel smoke "
                 "sweep's constrained Bekker fit 0.56 kPa above the cohesionless bed's (docs/cohesion.md, "
                 "measured with the smoke sand's 2600 kg/m^3). "
                 "Assumed, as DEM practice rather than measurement: E = 1e7 Pa (softened from the minerals' "
                 "tens of GPa, so the step stays usable; the overlap under a metre of regolith at lunar gravity "
                 "is then under 1 % of a diameter), nu = 0.3, e = 0.3, mu = 0.5 and rolling resistance 0.1 "
                 "(spheres standing in for angular grains, as the repose and single-wheel smoke scenes' sand).",
                 m});
    return p;
  }();
  return presets;
}

const MaterialPreset& materialPreset(const std::string& name) {
  std::string known;
  for (const MaterialPreset& p : materialPresets()) {
    if (p.name == name) return p;
    known += (known.empty() ? "" : ", ") + p.name;
  }
  throw std::invalid_argument("material preset '" + name + "': expected one of " + known);
}

}  // namespace regolith
