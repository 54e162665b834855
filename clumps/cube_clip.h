// The fraction of the unit cube on one side of a plane: the volume of
// {y in [0,1]^3 : n . y <= beta}, the one closed form the union integration needs.
#pragma once

namespace regolith {

// Components of n below kClipDrop are treated as 0 (the closed form divides by their
// product); that moves the plane by at most 3 kClipDrop across the cube, a volume of at
// most kClipPerturbation (3 sqrt 2 kClipDrop, the largest cross-section times the shift),
// which callers add to their error bound together with kClipRounding.
constexpr double kClipDrop = 1e-5;
constexpr double kClipPerturbation = 4.3e-5;
constexpr double kClipRounding = 2e-5;  // the closed form's cancellation, at worst

// n: any direction with |n| = 1; beta: the plane's offset.
double cubeFractionBelow(const double n[3], double beta);

}  // namespace regolith
