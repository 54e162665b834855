// Coefficient maps and shape functions of 3D RFT (formulas in rft_coefficients.h).
#include "models/rft/rft_coefficients.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "models/require.h"

namespace regolith::rft {

using models::formatNumber;

FourierCoefficients FourierCoefficients::generic() {
  FourierCoefficients k;
  k.a00 = 0.206;
  k.a10 = 0.169;
  k.b11 = 0.212;
  k.b01 = 0.358;
  k.bm11 = 0.055;
  k.c11 = -0.124;
  k.c01 = 0.253;
  k.cm11 = 0.007;
  k.d10 = 0.088;
  return k;
}

const std::vector<std::string>& FourierCoefficients::names() {
  static const std::vector<std::string> n = {"A00", "A10", "B11", "B01", "B-11", "C11", "C01", "C-11", "D10"};
  return n;
}

Eigen::VectorXd FourierCoefficients::toVector() const {
  Eigen::VectorXd v(kCount);
  v << a00, a10, b11, b01, bm11, c11, c01, cm11, d10;
  return v;
}

FourierCoefficients FourierCoefficients::fromVector(const Eigen::VectorXd& v) {
  if (v.size() != kCount)
    throw std::invalid_argument("rft coefficients: vector size = " + std::to_string(v.size()) +
                                ": expected 9 (A00 A10 B11 B01 B-11 C11 C01 C-11 D10)");
  FourierCoefficients k;
  k.a00 = v[0];
  k.a10 = v[1];
  k.b11 = v[2];
  k.b01 = v[3];
  k.bm11 = v[4];
  k.c11 = v[5];
  k.c01 = v[6];
  k.cm11 = v[7];
  k.d10 = v[8];
  k.validate();
  return k;
}

void FourierCoefficients::validate() const {
  const Eigen::VectorXd v = toVector();
  for (int i = 0; i < kCount; ++i) models::requireFinite(v[i], "rft coefficient " + names()[i]);
}

ShapeConstants ShapeConstants::treers2021() {
  ShapeConstants s;
  s.c = {0.440850096954369, 3.62263982880971, 1.60910808139526, 0.832324700111401};
  s.d = {1.99392673405210, 1.61146827229181, 0.973746396532650, 5.81083560370960};
  return s;
}

void ShapeConstants::validate() const {
  for (int i = 0; i < 4; ++i) {
    models::requireFinite(c[i], "rft shape constant c" + std::to_string(i + 1));
    models::requireFinite(d[i], "rft shape constant d" + std::to_string(i + 1));
  }
  if (c[3] == 0) models::failRange("rft shape constant c4", c[3], "c4 != 0");
  if (d[3] == 0) models::failRange("rft shape constant d4", d[3], "d4 != 0");
  // d2 cos psi - d3 over cos psi in [0, 1] spans [-d3, d2 - d3] (or the reverse).
  const double lo = std::min(-d[2], d[1] - d[2]);
  const double hi = std::max(-d[2], d[1] - d[2]);
  if (!(lo > -1 && hi < 1))
    throw std::invalid_argument("rft shape constants: d2 cos(psi) - d3 spans [" + formatNumber(lo) + ", " +
                                formatNumber(hi) + "]: expected inside (-1, 1), the domain of atanh");
}

double alphaZ(const FourierCoefficients& k, double beta, double gamma) {
  return k.a00 + k.a10 * std::cos(2 * beta) + k.b11 * std::sin(2 * beta + gamma) + k.b01 * std::sin(gamma) +
         k.bm11 * std::sin(gamma - 2 * beta);
}

double alphaX(const FourierCoefficients& k, double beta, double gamma) {
  return k.c11 * std::cos(2 * beta + gamma) + k.c01 * std::cos(gamma) + k.cm11 * std::cos(gamma - 2 * beta) +
         k.d10 * std::sin(2 * beta);
}

double f1FromSin(const ShapeConstants& s, double sinPsi) {
  const double x = std::clamp(sinPsi, 0.0, 1.0);
  return s.c[0] * (std::tanh(s.c[1] * x - s.c[2]) + std::tanh(s.c[2])) / s.c[3];
}

double f23FromCos(const ShapeConstants& s, double cosPsi) {
  const double x = std::clamp(cosPsi, 0.0, 1.0);
  return s.d[0] * (std::atanh(s.d[1] * x - s.d[2]) + std::atanh(s.d[2])) / s.d[3];
}

double f1(const ShapeConstants& s, double psi) { return f1FromSin(s, std::sin(psi)); }
double f23(const ShapeConstants& s, double psi) { return f23FromCos(s, std::cos(psi)); }

}  // namespace regolith::rft
