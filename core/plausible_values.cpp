// Plausible ranges of material properties (core/plausible_values.h).
#include "core/plausible_values.h"

#include "core/number_text.h"

namespace regolith {
namespace {

std::string number(double v) { return shortNumber(v, 4); }

}  // namespace

std::vector<ImplausibleValue> implausibleMaterialValues(const Material& m) {
  std::vector<ImplausibleValue> out;
  if (m.density > 0 && (m.density < 300 || m.density > 25000)) {
    std::string hint = m.density < 300 ? ": the unit is kg/m^3 (" + number(m.density) + " g/cm^3 would be " +
                                             number(m.density * 1000) + " kg/m^3)"
                                       : ": the unit is kg/m^3";
    out.push_back({"density", "density " + number(m.density) +
                                  " kg/m^3 is outside what solids have (300 to 25,000 kg/m^3)" + hint});
  }
  if (m.youngsModulus < 1e5 || m.youngsModulus > 1.2e12) {
    std::string hint = m.youngsModulus < 1e5 ? ": the unit is Pa (" + number(m.youngsModulus) + " GPa would be " +
                                                   number(m.youngsModulus * 1e9) + " Pa, " + number(m.youngsModulus) +
                                                   " MPa " + number(m.youngsModulus * 1e6) + " Pa)"
                                             : ": the unit is Pa";
    out.push_back({"youngs_modulus", "youngs_modulus " + number(m.youngsModulus) +
                                         " Pa is outside what solids have (1e5 to 1.2e12 Pa; DEM grains commonly "
                                         "use 1e6 to 1e9 Pa)" +
                                         hint});
  }
  return out;
}

}  // namespace regolith
