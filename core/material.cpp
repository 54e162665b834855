// Material validation, and the pair table from the contact models' mixing rules.
#include "core/material.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace regolith {
namespace {

[[noreturn]] void fail(const Material& m, const std::string& what, double value, const std::string& expected) {
  std::ostringstream msg;
  msg << "material '" << m.name << "': " << what << " = " << value << ", expected " << expected;
  throw std::invalid_argument(msg.str());
}

// What a contact model's mixing rule reads of a material pair (kernels/forces/contact_models.h).
struct MaterialPair {
  double youngA, poissonA, youngB, poissonB;
};

}  // namespace

double pullOffPerRadius(double workOfAdhesion) { return 2 * M_PI * workOfAdhesion; }

void validateMaterial(const Material& m, bool needsDensity) {
  if (!(std::isfinite(m.youngsModulus) && m.youngsModulus > 0))
    fail(m, "Young's modulus E", m.youngsModulus, "a finite value > 0 Pa");
  if (!(m.poissonRatio > -1 && m.poissonRatio < 0.5))
    fail(m, "Poisson ratio nu", m.poissonRatio, "a value in (-1, 0.5)");
  if (!(m.restitution > 0 && m.restitution <= 1)) fail(m, "restitution e", m.restitution, "a value in (0, 1]");
  if (!(std::isfinite(m.friction) && m.friction >= 0)) fail(m, "friction mu", m.friction, "a finite value >= 0");
  if (!(std::isfinite(m.rollingResistance) && m.rollingResistance >= 0))
    fail(m, "rolling resistance Crr", m.rollingResistance, "a finite value >= 0");
  if (!(std::isfinite(m.workOfAdhesion) && m.workOfAdhesion >= 0))
    fail(m, "work of adhesion w", m.workOfAdhesion, "a finite value >= 0 J/m^2");
  if (needsDensity && !(std::isfinite(m.density) && m.density > 0))
    fail(m, "density", m.density, "a finite value > 0 kg/m^3");
}

PairParams mixPair(const Material& a, const Material& b, const ContactSettings& settings) {
  PairParams p;
  mixContactModels(p, MaterialPair{a.youngsModulus, a.poissonRatio, b.youngsModulus, b.poissonRatio}, settings,
                   ContactModels());
  setContactRestitution(p, 0.5 * (a.restitution + b.restitution), ContactModels());
  p.friction = Real(0.5 * (a.friction + b.friction));
  p.rollingResistance = Real(0.5 * (a.rollingResistance + b.rollingResistance));
  p.pullOff = Real(pullOffPerRadius(std::sqrt(a.workOfAdhesion * b.workOfAdhesion)));
  return p;
}

Index materialIndex(const std::vector<Material>& materials, const std::string& name) {
  for (std::size_t i = 0; i < materials.size(); ++i) {
    if (materials[i].name == name) return static_cast<Index>(i);
  }
  throw std::invalid_argument("no material named '" + name + "'");
}

std::vector<PairParams> buildPairTable(const std::vector<Material>& materials,
                                       const std::vector<PairOverride>& overrides, const ContactSettings& settings) {
  const std::size_t n = materials.size();
  std::vector<PairParams> table(n * n);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b) table[a * n + b] = mixPair(materials[a], materials[b], settings);
  for (const PairOverride& o : overrides) {
    const Index a = materialIndex(materials, o.first), b = materialIndex(materials, o.second);
    for (PairParams* p : {&table[a * n + b], &table[b * n + a]}) {
      if (o.restitution) {
        if (!(*o.restitution > 0 && *o.restitution <= 1)) {
          throw std::invalid_argument("pair override " + o.first + "/" + o.second + ": restitution must be in (0, 1]");
        }
        setContactRestitution(*p, *o.restitution, ContactModels());
      }
      if (o.friction) p->friction = Real(*o.friction);
      if (o.rollingResistance) p->rollingResistance = Real(*o.rollingResistance);
      if (o.workOfAdhesion) {
        if (!(std::isfinite(*o.workOfAdhesion) && *o.workOfAdhesion >= 0))
          throw std::invalid_argument("pair override " + o.first + "/" + o.second +
                                      ": work of adhesion must be finite and >= 0");
        p->pullOff = Real(pullOffPerRadius(*o.workOfAdhesion));
      }
    }
  }
  return table;
}

}  // namespace regolith
