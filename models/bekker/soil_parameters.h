// Bekker-Wong soil parameters, the Wong-Reece stress-distribution shape, and presets
// with their sources.
//
//   pressure-sinkage (Bekker)      sigma = (k_c / b + k_phi) z^n
//   shear (Janosi-Hanamoto)        tau = (c + sigma tan phi) (1 - exp(-j / K))
//
// Units (SI): k_c [N/m^(n+1)], k_phi [N/m^(n+2)], c [Pa], phi [rad], K [m]; b the wheel
// width [m]. Literature tables often give k_c in kN/m^(n+1) and k_phi in kN/m^(n+2):
// multiply by 1e3.
//
// Both structs convert to and from a flat vector of doubles (order of names()) so a
// least-squares fit can work on them directly.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

namespace regolith::bekker {

struct SoilParameters {
  double kc = 0;               // cohesive modulus k_c [N/m^(n+1)], >= 0
  double kphi = 0;             // frictional modulus k_phi [N/m^(n+2)], >= 0 (k_c + k_phi > 0)
  double n = 1;                // sinkage exponent, 0 < n <= 3
  double cohesion = 0;         // c [Pa], >= 0
  double frictionAngle = 0;    // phi [rad], 0 <= phi < pi/2
  double shearModulus = 0.01;  // Janosi-Hanamoto K [m], > 0

  static constexpr int kCount = 6;
  static const std::vector<std::string>& names();  // kc kphi n c phi K
  Eigen::VectorXd toVector() const;
  static SoilParameters fromVector(const Eigen::VectorXd& v);  // validated
  // Throws std::invalid_argument naming the first parameter out of range.
  void validate() const;
};

// Wong-Reece stress distribution over the contact arc: the maximum normal stress sits at
// theta_m = (a0 + a1 s) theta_f (s the slip, theta_f the entry angle) and the soil leaves
// the wheel at theta_r = rearRatio theta_f behind bottom dead centre (0: no rebound).
// Wong & Reece (1967) found a0 of about 0.4 and a1 between about 0.15 and 0.35 for their
// soils; a0 = 0.4, a1 = 0.15 are the usual defaults.
struct StressShape {
  double a0 = 0.4;       // in [0, 1]
  double a1 = 0.15;      // in [-1, 1]
  double rearRatio = 0;  // in [0, 1]

  static constexpr int kCount = 3;
  static const std::vector<std::string>& names();  // a0 a1 rearRatio
  Eigen::VectorXd toVector() const;
  static StressShape fromVector(const Eigen::VectorXd& v);
  void validate() const;
};

struct SoilPreset {
  std::string name;
  std::string source;  // where the numbers come from, and which were assumed
  SoilParameters soil;
};

// "lll-dry-sand", "lete-sand", "cobra-scm" (see soil_parameters.cpp for the sources).
const std::vector<SoilPreset>& soilPresets();
// std::invalid_argument listing the known names when `name` is not one of them.
const SoilPreset& soilPreset(const std::string& name);

}  // namespace regolith::bekker
