// Averages of a time series over a window, and least-squares lines of one series against another.
#include "postprocess/series_window.h"

#include <cmath>
#include <stdexcept>

#include "models/regression/linear_least_squares.h"

namespace regolith::postprocess {

std::vector<std::size_t> samplesIn(const std::vector<double>& t, const TimeWindow& w, std::size_t minimum) {
  std::vector<std::size_t> in;
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i] >= w.begin && t[i] <= w.end) in.push_back(i);
  if (in.size() < minimum)
    throw std::invalid_argument("the window " + std::to_string(w.begin) + " s to " + std::to_string(w.end) +
                                " s holds " + std::to_string(in.size()) + " series rows, fewer than the " +
                                std::to_string(minimum) + " it needs (write rows more often: output.series_interval)");
  return in;
}

double windowMean(const std::vector<double>& t, const std::vector<double>& y, const TimeWindow& w) {
  if (t.size() != y.size()) throw std::invalid_argument("windowMean: times and values differ in length");
  const std::vector<std::size_t> in = samplesIn(t, w, 1);
  if (in.size() == 1) return y[in[0]];
  double area = 0;
  for (std::size_t k = 1; k < in.size(); ++k) area += 0.5 * (y[in[k]] + y[in[k - 1]]) * (t[in[k]] - t[in[k - 1]]);
  const double span = t[in.back()] - t[in.front()];
  return span > 0 ? area / span : y[in[0]];
}

double windowStdDev(const std::vector<double>& t, const std::vector<double>& y, const TimeWindow& w) {
  const double mean = windowMean(t, y, w);
  std::vector<double> square(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) square[i] = (y[i] - mean) * (y[i] - mean);
  return std::sqrt(windowMean(t, square, w));
}

LineFit fitLine(const std::vector<double>& x, const std::vector<double>& y) {
  if (x.size() != y.size()) throw std::invalid_argument("fitLine: x and y differ in length");
  Eigen::MatrixXd design(static_cast<Eigen::Index>(x.size()), 2);
  Eigen::VectorXd values(static_cast<Eigen::Index>(y.size()));
  for (std::size_t i = 0; i < x.size(); ++i) {
    const auto r = static_cast<Eigen::Index>(i);
    design(r, 0) = 1;
    design(r, 1) = x[i];
    values(r) = y[i];
  }
  const regression::FitReport report = regression::fitLinear(design, values, {"intercept", "slope"});
  return {report.estimates(1), report.estimates(0), report.rSquared, x.size()};
}

}  // namespace regolith::postprocess
