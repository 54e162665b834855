// The stability bound of the explicit exchange (docs/coupling.md, "Stability").
//
// Over an exchange interval H the DEM moves a body along MuJoCo's state at the interval's
// start (dem_terrain.h: MuJoCo's velocity v_n plus the gap to MuJoCo's pose over H) and
// averages the grains' force; MuJoCo then takes its semi-implicit Euler step with that force
// held. For a body of mass m on a bed of stiffness k the DEM body's mean position over
// interval n is x_n + H v_{n-1} / 2, so with a = (k / m) H^2 one step maps
// (x_n, H v_n, H v_{n-1}) by
//   x' = (1 - a) x + H v - (a/2) H v_prev,   H v' = -a x + H v - (a/2) H v_prev,
// whose characteristic polynomial is l^3 - (2 - a) l^2 + (1 + a/2) l - a/2. Its roots stay
// inside the unit circle (the scheme damps) exactly while a < 2/3:
//   H < sqrt(2/3) sqrt(m / k)            (translation)
//   H < sqrt(2/3) sqrt(I / (k L^2))      (rotation)
// with L^2 = (Lx^2 + Ly^2) / 12 the footprint's squared radius of gyration (a bed of uniform
// stiffness k under a footprint Lx by Ly resists rocking with k Lx^2 / 12 and k Ly^2 / 12,
// twisting with a tangential stiffness below k times their sum).
//
// m and I are the body's effective mass and inertia at its centre of mass as the model's
// joints let it move: the smallest over directions of 1 / eig(J M^-1 J^T), J the body's
// Jacobian (a wheel welded to a heavy carriage counts the carriage). k is estimated at load
// time from the Hertz contacts of grains of the smallest radius r packed under the body's
// horizontal footprint A (contacts n = 0.5 A / (pi r^2), an areal fraction of one half),
// sharing the weight W the body carries (F_i = W / n): k = n dF/ddelta = n 2 E* sqrt(r
// delta_i), or n k_n for the linear spring-dashpot. The footprint is the mesh's bounding
// box, larger than any patch a body sinks into, so k errs high and the bound low.
#pragma once

#include <mujoco/mujoco.h>

#include <string>

#include "core/material.h"
#include "core/triangle_mesh.h"
#include "kernels/forces/contact_models.h"

namespace regolith::coupling {

struct BedContact {
  ContactModelKind model = kDefaultContactModel;
  double effectiveYoung = 0;   // E* of body and grain [Pa] (Hertz)
  double linearStiffness = 0;  // k_n [N/m] (linear spring-dashpot)
  double grainRadius = 0;      // the smallest [m]
};

struct StabilityBound {
  double interval = 0;       // [s] the bound, sqrt(2/3) sqrt(m/k) or sqrt(2/3) sqrt(I/(k L^2)), the smaller; inf: none
  double stiffness = 0;      // k [N/m]
  double effectiveMass = 0;  // m [kg]; inf where the joints allow no translation
  double effectiveInertia = 0;  // I [kg m^2]; inf where they allow no rotation
  double reach = 0;             // L [m], the footprint's radius of gyration
  double load = 0;              // W [N]
  double contacts = 0;          // n
};

// The bound for MuJoCo body `body` carrying `load` [N] on the grains, with its DEM mesh
// `mesh` (world frame). Uses d's positions (computes the mass matrix there).
StabilityBound exchangeStabilityBound(const mjModel* m, mjData* d, int body, const TriangleMesh& mesh,
                                      const BedContact& bed, double load);

// E* of two materials: 1 / ((1 - nu1^2) / E1 + (1 - nu2^2) / E2).
double effectiveYoung(const Material& a, const Material& b);

}  // namespace regolith::coupling
