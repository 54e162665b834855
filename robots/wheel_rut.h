// The rut a wheel leaves in the deforming grid (issue 24): per step, the grid nodes under
// the wheel's rim get an imprint (height_grid.h: permanent depth and transient trace, the
// trace rule of Kern et al., arXiv 2601.04547, section III-E).
//
// Geometry, with n = +z (the grid's heights are vertical), a_h the axle projected into the
// horizontal plane (normalized) and f = a_h x n the wheel's forward direction (as in
// wheel_contact.h: a positive spin about the axle rolls it along f). A node P within half
// the width of the wheel's mid-plane (|(P - c) . a_h| <= b / 2) and within the radius
// along f (xi = (P - c) . f, |xi| < r) lies under the rim at height
// z_rim = c_z - sqrt(r^2 - xi^2). Where that is below the node's reference surface r_P
// (h - d - w: the sand before anything pressed it), the node gets
//   depth d = z_rim - r_P  (< 0; the trace rule keeps the deepest: a rut only deepens),
//   trace  w = -A (1 + cos(N (xi / r + phi))) / 2,  A = h_g (1 - min(|s|, 1)),
// the grouser pattern: N grousers of height h_g, phi the wheel's rotation about its axle.
// Rolling without slip, xi / r + phi is constant at a point of the ground (the centre
// moves r dphi along f as xi falls by as much), so the pattern stays where the grousers
// pressed it; slip smears it, and Kern et al. report the pattern's amplitude falling with
// slip: the linear fade (1 - |s|) is our choice, flat at s = 1 (a wheel spinning in
// place leaves a trench, no marks). Each step replaces the trace under the wheel (the
// rule's w), so a node keeps the pattern of the last step the rim was over it.
//
// What the wheel stands on is the reference surface, not the rut: the soil under a rut
// was compacted by the load that made it and carries that load again without sinking
// further (the rigid-reloading limit of repetitive loading; Wong, Theory of Ground
// Vehicles, 4th ed., section 2.5, where reloading follows a steep unloading-reloading
// line up to the pressure reached before). So a second pass at the same load runs in the
// rut without deepening it, and a heavier one deepens it by the difference. A rut's
// volume is compaction: the grid loses spacing^2 (dd + dw) per imprint, and no sand moves
// until the rut's walls slide.
#pragma once

#include <Eigen/Core>
#include <vector>

#include "robots/height_grid.h"

namespace regolith::robots {

struct WheelRutShape {
  double radius = 0;         // r [m], > 0: the rim without grousers
  double width = 0;          // b [m], > 0
  double grouserHeight = 0;  // h_g [m], >= 0
  int grouserCount = 0;      // N >= 0 (0: a smooth rim, no pattern)
};

// A unit vector normal to `axle` (unit), fixed in the wheel's body: the spoke whose
// angle spokeAngle measures.
Eigen::Vector3d bodySpoke(const Eigen::Vector3d& axle);
// The angle [rad] of `spoke` (world, normal to the axle) from straight down, turning
// right-handed about `axle` (world, unit): phi of the grouser pattern, up to a constant.
double spokeAngle(const Eigen::Vector3d& axle, const Eigen::Vector3d& spoke);

// The imprints of a wheel at centre c with axle (any length > 0, not vertical), rotated
// phi [rad] about the axle, at slip s, over the grid (nodes off the grid are skipped).
std::vector<GridImprint> wheelRutImprints(const HeightGrid& grid, const Eigen::Vector3d& centre,
                                          const Eigen::Vector3d& axle, double phi, double slip,
                                          const WheelRutShape& shape);

}  // namespace regolith::robots
