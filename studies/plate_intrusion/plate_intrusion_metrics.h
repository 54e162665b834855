// The plate-intrusion study's metrics (docs/studies.md, README.md):
// a plate turned by beta, driven at constant speed along gamma through a bed, its contact
// force recorded against the depth of its centre.
//
//   depth                surface height - z of the plate's centre (positive below)
//   fit window           the stroke's rows (stroke_start to stroke_end) with the plate
//                        wholly below the surface (depth >= half_height: its highest
//                        edge under the surface) and, when the study gives fit_depth
//                        [lo, hi], lo <= depth <= hi
//   force against depth  F_x(|z|) and F_z(|z|) fitted by straight lines over the window
//                        (slope, intercept, R^2); the RFT stress per unit depth is
//                        slope / A, in N/m^3 (and N/cm^3, the unit of the literature:
//                        Li, Zhang & Goldman 2013; ζ for a horizontal plate pushed down)
//   stress per depth     the mean of F / (|z| A) over the window rows: Li et al.'s
//                        alpha at the depths travelled, the value when the depth does
//                        not change (a horizontal stroke, gamma = 0) and no slope exists
//
// F is the contact force on the plate (grains pushing on it; gravity excluded), in the
// scene's axes: x along the stroke's horizontal part, z up.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "io/run_file/run_file.h"
#include "postprocess/series_window.h"

namespace regolith::postprocess {

struct PlateIntrusionStudy {
  std::string plate;
  double betaDeg = 0, gammaDeg = 0;
  double area = 0;                                // of the plate's face [m^2]
  double halfHeight = 0;                          // the centre's depth at which the top edge reaches the surface [m]
  double strokeStart = 0, strokeEnd = 0;          // [s]
  std::optional<std::array<double, 2>> fitDepth;  // [m]
};

struct PlateIntrusionMetrics {
  TimeWindow window;                    // the fit rows' first and last times
  double depthBegin = 0, depthEnd = 0;  // shallowest and deepest depth in the window [m]
  std::size_t rows = 0;
  // Straight lines F(depth) over the window; with no depth range (a horizontal stroke) the
  // slopes, intercepts and R^2 are NaN.
  LineFit forceX, forceZ;
  double stressPerDepthX = 0, stressPerDepthZ = 0;    // slope / area [N/m^3]
  double meanAlphaX = 0, meanAlphaZ = 0;              // mean of F / (depth area) [N/m^3]
  double maxDepth = 0;                                // over the whole stroke [m]
  double forceXAtMaxDepth = 0, forceZAtMaxDepth = 0;  // [N]
};

// The plate's series with the undisturbed surface at `surfaceHeight`. Throws
// std::invalid_argument with the reason when the window holds fewer than 3 rows (a stroke
// that never goes wholly under, or fit_depth outside the depths reached).
PlateIntrusionMetrics plateIntrusionMetrics(const std::vector<SeriesSample>& plate, const PlateIntrusionStudy& study,
                                            double surfaceHeight);

}  // namespace regolith::postprocess
