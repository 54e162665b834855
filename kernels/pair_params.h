// Per material-pair contact parameters, precomputed on the host (core/material.cpp, buildPairTable)
// and read by every force model on the device. One flat table indexed a * n + b.
#pragma once

#include "kernels/hd.h"

namespace regolith {

enum class ContactModelKind : int { HertzMindlin = 0, LinearSpringDashpot = 1 };

struct PairParams {
  // Hertz–Mindlin: effective moduli of the pair and the damping ratio from restitution.
  Real effectiveYoung = 0;  // E*  [Pa], 1/E* = (1-nu1^2)/E1 + (1-nu2^2)/E2
  Real effectiveShear = 0;  // G*  [Pa], 1/G* = 2(2-nu1)(1+nu1)/E1 + 2(2-nu2)(1+nu2)/E2
  Real beta = 0;            // ln e / sqrt(ln^2 e + pi^2), <= 0
  // Damping prefactors, so c_n = dampNormal sqrt(a m*) and c_t = dampTangential sqrt(a m*)
  // cost one square root per contact: -2 sqrt(5/6) beta sqrt(2 E*) and ... sqrt(8 G*).
  Real dampNormal = 0;
  Real dampTangential = 0;
  // Linear spring–dashpot: given directly.
  Real normalStiffness = 0;      // k_n [N/m]
  Real normalDamping = 0;        // d_n [N s/m]
  Real tangentialStiffness = 0;  // k_t [N/m]
  // Shared by every model.
  Real friction = 0;           // Coulomb mu
  Real rollingResistance = 0;  // Crr (dimensionless)
  Real restitution = 1;        // e, kept for reporting
};

}  // namespace regolith
