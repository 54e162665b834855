// Particle size distributions as sieve data: the cumulative mass fraction passing against
// size, as a sieve analysis reports it (e.g. a lunar simulant's grading curve). Between
// sieve sizes the curve is linear in log(size), the usual semi-log interpolation of
// grading curves. A particle's size is its volume-equivalent diameter (6 V / pi)^(1/3).
#pragma once

#include <cstddef>
#include <vector>

namespace regolith {

struct SievePoint {
  double size = 0;     // sieve opening [m]
  double passing = 0;  // cumulative mass fraction passing, 0..1
};

// One size class a scene draws from: every particle in it has size `size`.
struct SizeClass {
  double lo = 0, hi = 0;    // class bounds [m]
  double size = 0;          // geometric mean of the bounds [m]
  double massFraction = 0;  // of the whole distribution
};

class SieveCurve {
 public:
  // Throws std::invalid_argument saying what is wrong: fewer than two points, sizes not
  // positive and strictly increasing, passing outside 0..1 or decreasing, a first point
  // that is not 0 passing or a last that is not 1 (a DEM bed cannot hold the fines below
  // the smallest sieve: truncate and renormalise the curve first, and say so).
  explicit SieveCurve(std::vector<SievePoint> points);

  double passingAt(double size) const;  // 0 below the first sieve, 1 above the last
  double sizeAt(double passing) const;  // the inverse: d10 = sizeAt(0.1), ...
  // Classes whose bounds split every sieve interval of nonzero mass into equal steps in
  // log(size) of ratio at most `ratio` (> 1), each carrying its share of the interval's
  // mass fraction; the class sizes are then exact points of the curve's log-linear pieces.
  std::vector<SizeClass> classes(double ratio) const;
  const std::vector<SievePoint>& points() const { return m_points; }

 private:
  std::vector<SievePoint> m_points;
};

// The size at which the cumulative mass fraction of a set of particles reaches `passing`:
// particles sorted by size, each size's cumulative fraction taken at the middle of its own
// mass (Hazen's plotting position: below plus half of what has that size; sizes within
// 1e-9 relative count as one), and those
// points interpolated linearly in log(size), as the curve itself is.
double massQuantile(std::vector<double> sizes, std::vector<double> masses, double passing);

// Volume-equivalent diameter of a particle of volume v [m^3].
double volumeEquivalentDiameter(double volume);

}  // namespace regolith
