// `regolith fit regression`: slip-dependence regressions from single-wheel runs
// (studies/single_wheel), over models/regression's polynomial bases in the variables
// (slip, Fz), Fz the wheel's load W = m|g| [N]:
//
//   sinkage                    z = -sinkage [m] (the sign of compliant_sinkage.h: negative
//                              below the surface), polynomial in slip and, when the runs
//                              carry more than one load, Fz (interactions included)
//   drawbar_pull_coefficient   DP / W, polynomial in slip
//   torque_coefficient         T / (W R), polynomial in slip
//
// The declared degree (default 2) is lowered until the training runs determine the terms:
// no more terms than runs and full column rank. With as many runs as terms the fit is
// exactly determined: coefficients without errors (null in the JSON). Every coefficient
// report carries covariance, R^2 and the held-out RMSE.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "calibrate/run_set.h"
#include "models/regression/compliant_sinkage.h"

namespace regolith::calibrate {

struct RegressionFitOptions {
  HoldoutRule holdout;
  int degree = 2;  // total degree of each polynomial, before lowering
};

nlohmann::json fitRegression(const std::vector<CalibrationRun>& runs, const RegressionFitOptions& options);

// One fitted polynomial of a regression model JSON ("models": {"sinkage": {...}, ...}).
regression::LinearModel linearModelFromJson(const nlohmann::json& entry);

}  // namespace regolith::calibrate
