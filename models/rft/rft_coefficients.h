// Coefficient maps and shape functions of 3D granular resistive force theory (RFT).
//
// Li, Zhang & Goldman 2013 (Science 339:1408) measured the stress per unit depth on a
// small plate of attack angle beta moving in direction gamma and fitted it by a discrete
// Fourier series; scaled by the one soil constant zeta:
//   alpha_Z(beta, gamma) = zeta [A00 + A10 cos 2b + B11 sin(2b + g) + B01 sin g
//                                + B-11 sin(g - 2b)]
//   alpha_X(beta, gamma) = zeta [C11 cos(2b + g) + C01 cos g + C-11 cos(g - 2b) + D10 sin 2b]
//   alpha_Y              = alpha_X(0, 0)
// with the generic dimensionless set of Li et al. (normalised so that a horizontal plate
// pushed straight down, beta = 0, gamma = pi/2, has alpha_Z = zeta):
//   (A00, A10, B11, B01, B-11, C11, C01, C-11, D10)
//     = (0.206, 0.169, 0.212, 0.358, 0.055, -0.124, 0.253, 0.007, 0.088).
// Treers, Cao & Stuart 2021 (3D RFT; as used by RFT-SiM, arXiv 2606.19504) weight the
// in-plane and out-of-plane parts by the third angle psi (sin psi = |v_hat . e1|):
//   f1(psi)  = c1 [tanh(c2 sin psi - c3) + tanh c3] / c4
//   f23(psi) = d1 [atanh(d2 cos psi - d3) + atanh d3] / d4
//   c = (0.440850096954369, 3.62263982880971, 1.60910808139526, 0.832324700111401)
//   d = (1.99392673405210, 1.61146827229181, 0.973746396532650, 5.81083560370960)
// (the constants as given in issue 8). f1 runs from 0 (psi = 0) to 1 (psi = pi/2) and
// f23 from 1 to 0; with these constants both end values are 1 to within 5e-16.
//
// atanh domain: psi lies in [0, pi/2], so cos psi is in [0, 1] and the argument
// d2 cos psi - d3 runs over [-d3, d2 - d3] = [-0.97375, 0.63772], inside (-1, 1) with a
// margin of 0.026 at the low end (where atanh'(x) = 1/(1 - x^2) is about 19). The kernel
// clamps cos psi into [0, 1] before use, so rounding in |v23| cannot leave the interval;
// ShapeConstants::validate() refuses constant sets whose interval leaves (-1, 1).
//
// Units: the literature quotes zeta in N/cm^3; this API takes SI, N/m^3
// (1 N/cm^3 = 1e6 N/m^3; zetaFromNPerCm3 converts). Angles in radians.
#pragma once

#include <Eigen/Core>
#include <array>
#include <string>
#include <vector>

namespace regolith::rft {

constexpr double kNPerCm3InNPerM3 = 1e6;
constexpr double zetaFromNPerCm3(double zeta) { return zeta * kNPerCm3InNPerM3; }
constexpr double zetaToNPerCm3(double zeta) { return zeta / kNPerCm3InNPerM3; }

// The nine Fourier coefficients (dimensionless; multiplied by zeta). A flat vector of
// doubles in the order of names() goes in and out, for least-squares fits.
struct FourierCoefficients {
  double a00 = 0, a10 = 0, b11 = 0, b01 = 0, bm11 = 0;  // alpha_Z
  double c11 = 0, c01 = 0, cm11 = 0, d10 = 0;           // alpha_X

  static constexpr int kCount = 9;
  static FourierCoefficients generic();  // Li, Zhang & Goldman 2013
  static const std::vector<std::string>& names();
  Eigen::VectorXd toVector() const;
  static FourierCoefficients fromVector(const Eigen::VectorXd& v);  // size 9, finite
  void validate() const;                                            // all finite
};

// The shape-function constants c1..c4, d1..d4 of Treers et al. 2021.
struct ShapeConstants {
  std::array<double, 4> c{};
  std::array<double, 4> d{};

  static ShapeConstants treers2021();
  // Finite, c4 != 0, d4 != 0, and d2 cos psi - d3 inside (-1, 1) for all psi in [0, pi/2].
  void validate() const;
};

// Dimensionless maps (zeta = 1), by angle. The force kernel evaluates the same series
// from direction cosines without calling trigonometric functions.
double alphaZ(const FourierCoefficients& k, double beta, double gamma);
double alphaX(const FourierCoefficients& k, double beta, double gamma);
inline double alphaY(const FourierCoefficients& k) { return k.c11 + k.c01 + k.cm11; }

// Shape functions by angle psi in [0, pi/2] and by its sine / cosine (clamped to [0, 1]).
double f1(const ShapeConstants& s, double psi);
double f23(const ShapeConstants& s, double psi);
double f1FromSin(const ShapeConstants& s, double sinPsi);
double f23FromCos(const ShapeConstants& s, double cosPsi);

}  // namespace regolith::rft
