// Bekker-Wong soil parameters and presets (see soil_parameters.h).
#include "models/bekker/soil_parameters.h"

#include <cmath>
#include <stdexcept>

#include "models/require.h"

namespace regolith::bekker {

namespace {

constexpr double kDeg = M_PI / 180.0;

void requireSize(const Eigen::VectorXd& v, int n, const std::string& what) {
  if (v.size() != n)
    throw std::invalid_argument(what + ": vector size = " + std::to_string(v.size()) + ": expected " +
                                std::to_string(n));
}

SoilParameters soil(double kc, double kphi, double n, double c, double phiDeg, double K) {
  SoilParameters s;
  s.kc = kc;
  s.kphi = kphi;
  s.n = n;
  s.cohesion = c;
  s.frictionAngle = phiDeg * kDeg;
  s.shearModulus = K;
  s.validate();
  return s;
}

}  // namespace

const std::vector<std::string>& SoilParameters::names() {
  static const std::vector<std::string> n = {"kc", "kphi", "n", "c", "phi", "K"};
  return n;
}

Eigen::VectorXd SoilParameters::toVector() const {
  Eigen::VectorXd v(kCount);
  v << kc, kphi, n, cohesion, frictionAngle, shearModulus;
  return v;
}

SoilParameters SoilParameters::fromVector(const Eigen::VectorXd& v) {
  requireSize(v, kCount, "bekker soil (kc kphi n c phi K)");
  SoilParameters s;
  s.kc = v[0];
  s.kphi = v[1];
  s.n = v[2];
  s.cohesion = v[3];
  s.frictionAngle = v[4];
  s.shearModulus = v[5];
  s.validate();
  return s;
}

void SoilParameters::validate() const {
  models::requireNonNegative(kc, "bekker soil kc [N/m^(n+1)]");
  models::requireNonNegative(kphi, "bekker soil kphi [N/m^(n+2)]");
  if (!(kc + kphi > 0)) models::failRange("bekker soil kc + kphi", kc + kphi, "kc + kphi > 0");
  if (!(n > 0 && n <= 3)) models::failRange("bekker soil n", n, "0 < n <= 3");
  models::requireNonNegative(cohesion, "bekker soil cohesion c [Pa]");
  if (!(frictionAngle >= 0 && frictionAngle < M_PI / 2))
    models::failRange("bekker soil friction angle phi [rad]", frictionAngle, "0 <= phi < pi/2");
  models::requirePositive(shearModulus, "bekker soil shear modulus K [m]");
}

const std::vector<std::string>& StressShape::names() {
  static const std::vector<std::string> n = {"a0", "a1", "rearRatio"};
  return n;
}

Eigen::VectorXd StressShape::toVector() const {
  Eigen::VectorXd v(kCount);
  v << a0, a1, rearRatio;
  return v;
}

StressShape StressShape::fromVector(const Eigen::VectorXd& v) {
  requireSize(v, kCount, "bekker stress shape (a0 a1 rearRatio)");
  StressShape s;
  s.a0 = v[0];
  s.a1 = v[1];
  s.rearRatio = v[2];
  s.validate();
  return s;
}

void StressShape::validate() const {
  models::requireInRange(a0, "bekker stress shape a0", 0, 1);
  models::requireInRange(a1, "bekker stress shape a1", -1, 1);
  models::requireInRange(rearRatio, "bekker stress shape rear ratio", 0, 1);
}

const std::vector<SoilPreset>& soilPresets() {
  static const std::vector<SoilPreset> presets = {
      {"lll-dry-sand",
       "Wong, Theory of Ground Vehicles (3rd ed., 2001), table of terrain values: "
       "dry sand (Land Locomotion Lab): n = 1.1, k_c = 0.99 kN/m^(n+1), k_phi = 1528.43 "
       "kN/m^(n+2), c = 1.04 kPa, phi = 28 deg. K = 0.01 m is not in that table: an assumed "
       "typical value for sand.",
       soil(0.99e3, 1528.43e3, 1.1, 1.04e3, 28, 0.01)},
      {"lete-sand",
       "Wong, Theory of Ground Vehicles (3rd ed., 2001), table of terrain values: "
       "LETE sand: n = 0.79, k_c = 102 kN/m^(n+1), k_phi = 5301 kN/m^(n+2), c = 1.3 kPa, "
       "phi = 31.1 deg. K = 0.01 m is not in that table: an assumed typical value for sand.",
       soil(102e3, 5301e3, 0.79, 1.3e3, 31.1, 0.01)},
      {"cobra-scm",
       "SCM soil of the COBRA sidewinding study (arXiv 2512.05008, section 12.1, table 1): "
       "K_phi = 0.05e6 N/m^(2+n), K_c = 25 N/m^(1+n), n = 0.6, c = 25 Pa, phi = 28 deg, "
       "Janosi k = 0.04 m (SCM's elastic stiffness 2.5e6 Pa/m and damping 5e3 Pa s/m have "
       "no counterpart here).",
       soil(25, 0.05e6, 0.6, 25, 28, 0.04)},
  };
  return presets;
}

const SoilPreset& soilPreset(const std::string& name) {
  std::string known;
  for (const SoilPreset& p : soilPresets()) {
    if (p.name == name) return p;
    known += (known.empty() ? "" : ", ") + p.name;
  }
  throw std::invalid_argument("bekker soil preset '" + name + "': expected one of " + known);
}

}  // namespace regolith::bekker
