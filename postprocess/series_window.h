// Averages of a body's time series over a window of simulated time, and straight-line fits
// (slope, R^2) of one series against another: the arithmetic every study metric shares.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace regolith::postprocess {

// A closed interval of simulated time [s] and the rule that chose it (for metrics.json).
struct TimeWindow {
  double begin = 0, end = 0;
  std::string rule;
};

// The samples i with begin <= t[i] <= end; std::invalid_argument naming the window when
// fewer than `minimum` lie inside.
std::vector<std::size_t> samplesIn(const std::vector<double>& t, const TimeWindow& w, std::size_t minimum = 2);

// The time average of y over the window's samples by the trapezoid rule (exact for a
// piecewise-linear y, and right for unevenly spaced rows); one sample gives itself.
double windowMean(const std::vector<double>& t, const std::vector<double>& y, const TimeWindow& w);
// The root-mean-square deviation of the window's samples from windowMean.
double windowStdDev(const std::vector<double>& t, const std::vector<double>& y, const TimeWindow& w);

// y = slope x + intercept by least squares, with R^2 (models/regression/fit_report.h).
struct LineFit {
  double slope = 0, intercept = 0, rSquared = 0;
  std::size_t points = 0;
};
LineFit fitLine(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace regolith::postprocess
