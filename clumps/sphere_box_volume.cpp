// Sphere–box volume by exact disc–rectangle sections (clumps/sphere_box_volume.h).
#include "clumps/sphere_box_volume.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace regolith {
namespace {

// Primitive of sqrt(rho^2 - x^2) on [-rho, rho].
double chordPrimitive(double rho, double x) {
  x = std::clamp(x, -rho, rho);
  return 0.5 * (x * std::sqrt(std::max(rho * rho - x * x, 0.0)) + rho * rho * std::asin(x / rho));
}

// Area of the disc inside {x <= X, y <= Y}. The chord at x is [-h, h], h = sqrt(rho^2 -
// x^2); its part below Y has length 2h where h <= Y, 0 where h <= -Y, and Y + h where
// |Y| < h, which is |x| < w = sqrt(rho^2 - Y^2).
double quadrantArea(double rho, double X, double Y) {
  if (X <= -rho || Y <= -rho) return 0;
  const double xEnd = std::min(X, rho);
  const auto h = [&](double a, double b) {  // integral of h over [a, b] clipped to [-rho, xEnd]
    b = std::min(b, xEnd);
    return b > a ? chordPrimitive(rho, b) - chordPrimitive(rho, a) : 0.0;
  };
  if (Y >= rho) return 2 * h(-rho, rho);
  const double w = std::sqrt(rho * rho - Y * Y);
  const double inner = std::min(w, xEnd) > -w ? Y * (std::min(w, xEnd) + w) + h(-w, w) : 0.0;
  const double outer = Y > 0 ? 2 * (h(-rho, -w) + h(w, rho)) : 0.0;
  return inner + outer;
}

// Gauss–Legendre nodes and weights on [-1, 1] (Newton on the Legendre polynomial).
struct GaussRule {
  static constexpr int kPoints = 24;
  std::array<double, kPoints> x{}, w{};
  GaussRule() {
    for (int i = 0; i < kPoints; ++i) {
      double z = std::cos(M_PI * (i + 0.75) / (kPoints + 0.5)), dp = 0;
      for (int iter = 0; iter < 100; ++iter) {
        double p0 = 1, p1 = z;
        for (int k = 2; k <= kPoints; ++k) {
          const double p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
          p0 = p1;
          p1 = p2;
        }
        dp = kPoints * (z * p1 - p0) / (z * z - 1);
        const double dz = p1 / dp;
        z -= dz;
        if (std::fabs(dz) < 1e-16) break;
      }
      x[i] = z;
      w[i] = 2 / ((1 - z * z) * dp * dp);
    }
  }
};

}  // namespace

double discRectangleArea(double rho, double x0, double x1, double y0, double y1) {
  if (!(rho > 0) || x1 <= x0 || y1 <= y0) return 0;
  return quadrantArea(rho, x1, y1) - quadrantArea(rho, x0, y1) - quadrantArea(rho, x1, y0) + quadrantArea(rho, x0, y0);
}

double sphereBoxVolume(const Vec3d& c, double r, const Vec3d& lo, const Vec3d& hi) {
  const double zLo = std::max(lo.z, c.z - r), zHi = std::min(hi.z, c.z + r);
  if (!(r > 0) || zHi <= zLo) return 0;
  const double x0 = lo.x - c.x, x1 = hi.x - c.x, y0 = lo.y - c.y, y1 = hi.y - c.y;
  if (x1 <= -r || x0 >= r || y1 <= -r || y0 >= r) return 0;

  // The section's area has square-root kinks where its circle meets a box edge (rho = the
  // edge's distance) or corner; between them it is smooth.
  std::vector<double> cuts{zLo, zHi};
  for (double d : {std::fabs(x0), std::fabs(x1), std::fabs(y0), std::fabs(y1), std::hypot(x0, y0), std::hypot(x0, y1),
                   std::hypot(x1, y0), std::hypot(x1, y1)})
    if (d < r)
      for (double z : {c.z - std::sqrt(r * r - d * d), c.z + std::sqrt(r * r - d * d)})
        if (z > zLo && z < zHi) cuts.push_back(z);
  std::sort(cuts.begin(), cuts.end());

  // Integrated over the latitude theta (z = c.z + r sin theta, section radius r cos theta,
  // dz = r cos theta dtheta), in which the section radius is smooth up to the poles; on
  // each piece theta = ta + (tb - ta)(3s^2 - 2s^3), whose vanishing derivative at both
  // ends turns the square-root behaviour at a kink into a smooth integrand.
  static const GaussRule rule;
  double volume = 0;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double ta = std::asin(std::clamp((cuts[k] - c.z) / r, -1.0, 1.0));
    const double tb = std::asin(std::clamp((cuts[k + 1] - c.z) / r, -1.0, 1.0));
    if (tb <= ta) continue;
    for (int i = 0; i < GaussRule::kPoints; ++i) {
      const double s = 0.5 * (rule.x[i] + 1);
      const double theta = ta + (tb - ta) * s * s * (3 - 2 * s);
      const double dtheta = (tb - ta) * 6 * s * (1 - s) * 0.5;  // x 0.5: [-1, 1] -> [0, 1]
      const double rho = r * std::cos(theta);
      if (rho > 0) volume += rule.w[i] * dtheta * rho * discRectangleArea(rho, x0, x1, y0, y1);
    }
  }
  return volume;
}

}  // namespace regolith
