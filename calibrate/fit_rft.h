// `regolith fit rft`: zeta and the nine Fourier coefficients of 3D RFT from plate-intrusion
// runs (studies/plate_intrusion).
//
// Each run gives the stress per depth of one (beta, gamma) pair: the force-depth slope over
// the plate area, stress_per_depth_z/_x, or the window's mean F/(depth A), mean_alpha_z/_x,
// when the slope is null (a stroke at constant depth, gamma = 0). In the scene's signed
// angles (studies/plate_intrusion/README.md)
//   stress_per_depth_z = zeta alpha_Z(beta, gamma),  stress_per_depth_x = -zeta alpha_X(beta, gamma)
// with alpha_Z, alpha_X the dimensionless maps of models/rft/rft_coefficients.h.
//
//   zeta:  the mean stress_per_depth_z of the horizontal plates pushed straight down
//          (beta = 0, gamma = 90 deg), with its spread; these runs always train.
//   coefficients:  two linear least-squares fits over the training runs (one row each),
//          sigma_z / zeta on (1, cos 2b, sin(2b + g), sin g, sin(g - 2b)) -> A00 A10 B11 B01 B-11
//          -sigma_x / zeta on (cos(2b + g), cos g, cos(g - 2b), sin 2b) -> C11 C01 C-11 D10.
//          Separate fits, since the two components carry different noise. With fewer than
//          kMinimumPairs distinct (beta, gamma) pairs, or a grid that does not determine
//          the terms, the generic set of Li et al. is kept (and the JSON says why).
//   held out:  every k-th run other than the zeta runs; the RMSE of zeta alpha on them.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calibrate/run_set.h"
#include "models/rft/rft_coefficients.h"

namespace regolith::calibrate {

struct RftFitOptions {
  HoldoutRule holdout;
};

// Distinct (beta, gamma) pairs the coefficient fit needs: one more than the five alpha_Z
// terms, so that the residual variance (and so the coefficients' intervals) exists.
constexpr int kMinimumPairs = 6;

// The model JSON (docs/models.md, "Calibration from DEM"). CalibrationError for runs
// without the values needed or without a zeta run.
nlohmann::json fitRft(const std::vector<CalibrationRun>& runs, const RftFitOptions& options);

// What a model JSON of fitRft holds, for evaluation.
struct RftModelFile {
  double zeta = 0;  // N/m^3
  rft::FourierCoefficients coefficients;
};
RftModelFile rftModelFromJson(const nlohmann::json& model);

}  // namespace regolith::calibrate
