// The tumbling-ring study's metrics (docs/studies.md): a ring spun at a prescribed rate
// about its axis (y), free to translate, on a slope whose downhill direction is +x (the
// study tilts gravity by the slope angle about y, so the bed lies flat in the scene's
// frame and its surface is a plane z = const).
//
//   travel, mean speed   x_end - x_release, over the time it took (downslope +x)
//   sinkage              surface height - (z_ring - R): the ring's lowest point below the
//                        undisturbed surface, over the rows with a contact (mean, maximum)
//   airborne fraction    rows with no contact / rows in the window
//   forces               |F_n| and |F_t| of the series' normal/tangential split (mean),
//                        the peak |F_n|
//   peak impulse         the largest |integral F dt| over one contact episode (a run of
//                        consecutive rows with contacts); a ring that never leaves the
//                        ground has one episode
//   energy dissipated    -integral (F . v + tau . w) dt: the work the contacts take from
//                        the ring (the drive's work included: it holds w)
//   displaced mass       grains moved downslope by more than a threshold between the
//                        release frame and the last
#pragma once

#include <string>
#include <vector>

#include "io/run_file/run_file.h"
#include "postprocess/series_window.h"

namespace regolith::postprocess {

struct TumblingStudy {
  std::string ring;
  double slopeDeg = 0;
  double radius = 0;            // outer radius R [m]
  double release = 0, end = 0;  // [s]
  double mass = 0;              // [kg]
};

struct TumblingMetrics {
  TimeWindow window;
  double surfaceHeight = 0;                // [m], as given to tumblingMetrics
  double travel = 0;                       // [m]
  double meanSpeed = 0;                    // [m/s]
  double finalSpeed = 0;                   // v_x at the last row [m/s]
  double maxSpeed = 0;                     // largest |v| [m/s]
  double meanSinkage = 0, maxSinkage = 0;  // [m]; 0 without contact
  double airborneFraction = 0;
  double meanNormalForce = 0, meanFrictionForce = 0, peakNormalForce = 0;  // [N]
  double peakImpulse = 0;                                                  // [N s]
  int contactEpisodes = 0;
  double energyDissipated = 0;  // [J]
};

// The ring's series over [release, end] with the undisturbed surface at `surfaceHeight`.
TumblingMetrics tumblingMetrics(const std::vector<SeriesSample>& ring, const TumblingStudy& study,
                                double surfaceHeight);

// Grains (owners with a template) whose centre of mass moved more than `threshold` along
// +x from `before` to `after` (the same run, so owner k is the same grain), by mass.
struct DisplacedGrains {
  double mass = 0;  // [kg]
  std::size_t count = 0;
};
DisplacedGrains displacedDownslope(const FrameData& before, const FrameData& after, double threshold);

}  // namespace regolith::postprocess
