// The repose study's metrics (docs/studies.md): the angle of repose of a heap from its
// surface profile in one frame.
//
//   grains     owners with a template whose centre of mass lies above the floor's top
//              (the floor's own fixed spheres have their centres below it)
//   cells      8 angular sectors about the heap's axis x radial bins one largest grain
//              sphere diameter wide; a cell's surface point is its highest sphere top
//              (z + r above the floor) at that sphere's radial distance from the axis
//   profile    per radial bin, the mean of its cells' tops over the sectors that hold one
//   flank      the bins from the first one outside the profile's peak that lies below
//              80 % of the peak height up to (not including) the first one below 20 % of
//              it or below 1.5 sphere diameters, whichever is higher: the top 20 % is the
//              heap's rounded cap (or the column's flat remainder), the bottom its toe,
//              and below 1.5 diameters lies the run-out, grains lying one deep on the floor
//   angle      atan(-slope) of the least-squares line h = slope r + intercept through the
//              flank's cell points (all sectors); each sector fitted alone gives the spread
//   base       the radius where that line meets the floor, intercept / -slope
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "io/run_file/run_file.h"
#include "postprocess/series_window.h"

namespace regolith::postprocess {

struct ReposeStudy {
  double centreX = 0, centreY = 0;  // the heap's axis [m]
  double floorHeight = 0;           // the floor's top [m]: heights count from it
  int sectors = 8;
  double upperFraction = 0.8, lowerFraction = 0.2;  // the flank, in peak heights
  double footDiameters = 1.5;                       // ... and above this many largest sphere diameters
};

struct ProfileBin {
  double radius = 0;  // the bin's middle [m]
  double height = 0;  // mean highest top over the sectors holding a sphere [m]; 0 if none
  int cells = 0;      // sectors holding a sphere
};

struct ProfilePoint {
  double radius = 0, height = 0;  // the cell's highest sphere top [m]
  int sector = 0;
  std::size_t bin = 0;
  bool inFit = false;
};

struct ReposeMetrics {
  std::size_t grains = 0;
  double binWidth = 0;  // [m]
  std::vector<ProfileBin> profile;
  std::vector<ProfilePoint> points;
  double peakHeight = 0;               // the profile's highest bin [m above the floor]
  double fitFrom = 0, fitTo = 0;       // the flank's radial extent, bin edges [m]
  double flankTop = 0, flankFoot = 0;  // the heights that bound it [m above the floor]
  LineFit fit;                         // height against radius over the flank
  double angleDeg = 0;
  double baseRadius = 0;  // [m]
  int sectorsFitted = 0;  // sectors with 3 or more flank points
  double sectorAngleMeanDeg = 0, sectorAngleStdDeg = 0, sectorAngleMinDeg = 0, sectorAngleMaxDeg = 0;
  std::string method;  // the rule above, in words, for metrics.json
};

// std::invalid_argument when the frame has no grain above the floor, or the flank spans
// fewer than 3 bins (no heap, or one too small for its grains), or the surface rises
// outwards over it.
ReposeMetrics reposeMetrics(const FrameData& frame, const ReposeStudy& study);

}  // namespace regolith::postprocess
