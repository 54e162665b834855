// Sieve curves, their size classes and measured quantiles (clumps/size_distribution.h).
#include "clumps/size_distribution.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace regolith {
namespace {

std::string pointText(std::size_t i, const SievePoint& p) {
  return "point " + std::to_string(i) + " (" + std::to_string(p.size) + " m, " + std::to_string(p.passing) + ")";
}

// Linear interpolation of y against log(x) between two points.
double logLinear(double x0, double y0, double x1, double y1, double x) {
  return y0 + (y1 - y0) * std::log(x / x0) / std::log(x1 / x0);
}

}  // namespace

SieveCurve::SieveCurve(std::vector<SievePoint> points) : m_points(std::move(points)) {
  if (m_points.size() < 2) throw std::invalid_argument("a sieve curve needs at least two points");
  for (std::size_t i = 0; i < m_points.size(); ++i) {
    const SievePoint& p = m_points[i];
    if (!(p.size > 0) || !std::isfinite(p.size))
      throw std::invalid_argument(pointText(i, p) + ": sizes must be positive");
    if (!(p.passing >= 0 && p.passing <= 1))
      throw std::invalid_argument(pointText(i, p) + ": the fraction passing must be in 0..1");
    if (i > 0 && !(p.size > m_points[i - 1].size))
      throw std::invalid_argument(pointText(i, p) + ": sizes must increase");
    if (i > 0 && p.passing < m_points[i - 1].passing)
      throw std::invalid_argument(pointText(i, p) + ": the fraction passing must not decrease");
  }
  if (m_points.front().passing != 0)
    throw std::invalid_argument(pointText(0, m_points.front()) +
                                ": the curve must start at 0 passing (truncate the fines a bed cannot hold and "
                                "renormalise)");
  if (m_points.back().passing != 1)
    throw std::invalid_argument(pointText(m_points.size() - 1, m_points.back()) + ": the curve must end at 1 passing");
}

double SieveCurve::passingAt(double size) const {
  if (size <= m_points.front().size) return 0;
  if (size >= m_points.back().size) return 1;
  std::size_t i = 1;
  while (m_points[i].size < size) ++i;
  const SievePoint &a = m_points[i - 1], &b = m_points[i];
  return logLinear(a.size, a.passing, b.size, b.passing, size);
}

double SieveCurve::sizeAt(double passing) const {
  if (!(passing >= 0 && passing <= 1)) throw std::invalid_argument("a fraction passing must be in 0..1");
  std::size_t i = 1;
  while (i + 1 < m_points.size() && m_points[i].passing < passing) ++i;
  const SievePoint &a = m_points[i - 1], &b = m_points[i];
  if (b.passing == a.passing) return a.size;
  const double f = (passing - a.passing) / (b.passing - a.passing);
  return a.size * std::pow(b.size / a.size, f);
}

std::vector<SizeClass> SieveCurve::classes(double ratio) const {
  if (!(ratio > 1)) throw std::invalid_argument("the class ratio must exceed 1");
  std::vector<SizeClass> out;
  for (std::size_t i = 1; i < m_points.size(); ++i) {
    const SievePoint &a = m_points[i - 1], &b = m_points[i];
    const double mass = b.passing - a.passing;
    if (mass <= 0) continue;
    const int n = std::max(1, int(std::ceil(std::log(b.size / a.size) / std::log(ratio) - 1e-12)));
    const double step = std::pow(b.size / a.size, 1.0 / n);
    for (int k = 0; k < n; ++k) {
      SizeClass c;
      c.lo = a.size * std::pow(step, k);
      c.hi = k + 1 == n ? b.size : a.size * std::pow(step, k + 1);
      c.size = std::sqrt(c.lo * c.hi);
      c.massFraction = mass / n;
      out.push_back(c);
    }
  }
  return out;
}

double massQuantile(std::vector<double> sizes, std::vector<double> masses, double passing) {
  if (sizes.size() != masses.size() || sizes.empty())
    throw std::invalid_argument("massQuantile needs one mass per size and at least one particle");
  std::vector<std::size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return sizes[a] < sizes[b]; });
  const double total = std::accumulate(masses.begin(), masses.end(), 0.0);
  // (size, cumulative fraction at the middle of that size's mass), one point per size.
  std::vector<std::pair<double, double>> curve;
  double below = 0;
  for (std::size_t k = 0; k < order.size();) {
    const double d = sizes[order[k]];
    double here = 0;
    // Sizes within 1e-9 of each other are one size: shapes scaled to one class differ
    // in their last bits, and a step between them would pin quantiles to class sizes.
    for (; k < order.size() && sizes[order[k]] <= d * (1 + 1e-9); ++k) here += masses[order[k]];
    curve.emplace_back(d, (below + 0.5 * here) / total);
    below += here;
  }
  if (passing <= curve.front().second) return curve.front().first;
  if (passing >= curve.back().second) return curve.back().first;
  std::size_t i = 1;
  while (curve[i].second < passing) ++i;
  const auto &a = curve[i - 1], &b = curve[i];
  return a.first * std::pow(b.first / a.first, (passing - a.second) / (b.second - a.second));
}

double volumeEquivalentDiameter(double volume) { return std::cbrt(6 * volume / M_PI); }

}  // namespace regolith
