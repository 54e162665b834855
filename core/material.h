// Materials and the pair table: per-pair contact parameters from mixing rules, with
// explicit overrides for named pairs (wheel–soil friction differs from soil–soil).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kernels/forces/contact_models.h"

namespace regolith {

struct Material {
  std::string name;
  double youngsModulus = 0;      // E [Pa], > 0
  double poissonRatio = 0.3;     // nu, in (-1, 0.5)
  double restitution = 0.5;      // e, in (0, 1]
  double friction = 0.5;         // mu, >= 0
  double rollingResistance = 0;  // Crr, >= 0
  double density = 0;            // rho [kg/m^3], > 0 (spheres); walls may leave it 0
  double workOfAdhesion = 0;     // w [J/m^2], >= 0: cohesion's pull-off 2 pi w R* (kernels/forces/cohesion.h)
};

// DMT's pull-off per unit effective radius, F_c / R* = 2 pi w [N/m] (kernels/forces/cohesion.h).
double pullOffPerRadius(double workOfAdhesion);

// Throws std::invalid_argument naming the material and the offending property.
void validateMaterial(const Material& m, bool needsDensity);

// Explicit values for one named pair; unset fields come from the mixing rule.
struct PairOverride {
  std::string first, second;
  std::optional<double> restitution, friction, rollingResistance, workOfAdhesion;
};

// The pair's parameters: every contact model's share from its own mixing rule and its own
// settings (kernels/forces/contact_models.h), its restitution (the mean of the two materials') with what each model
// derives from it, friction and rolling resistance as the arithmetic means of the two
// materials' values, and the work of adhesion as their geometric mean (w_AB = 2 sqrt(gamma_A
// gamma_B) of the surface energies, Girifalco & Good 1957: a cohesive grain does not stick to
// a material without adhesion).
PairParams mixPair(const Material& a, const Material& b, const ContactSettings& settings);

// Flat table [a * n + b] over all materials, symmetric, with overrides applied.
// Throws std::invalid_argument for an override naming an unknown material.
std::vector<PairParams> buildPairTable(const std::vector<Material>& materials,
                                       const std::vector<PairOverride>& overrides, const ContactSettings& settings);

// Index of the material called name; throws std::invalid_argument if there is none.
Index materialIndex(const std::vector<Material>& materials, const std::string& name);

}  // namespace regolith
