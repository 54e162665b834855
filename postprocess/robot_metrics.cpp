// Robot run metrics (robot_metrics.h) from the series rows of run.h5.
#include "postprocess/robot_metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <tuple>

#include <Eigen/Geometry>
#include <stdexcept>

namespace regolith::postprocess {
namespace {

// Columns of a /series/<body> row (io/run_file/robot_run_file.h).
constexpr std::size_t kColumns = 22, kTime = 0, kX = 1, kQw = 4, kVx = 8, kWx = 11, kFx = 14, kMx = 17, kPlates = 20,
                      kSinkage = 21;

double at(const std::vector<double>& rows, std::size_t i, std::size_t column) { return rows[i * kColumns + column]; }

// Roll about world x and pitch about world y of a body-to-world quaternion (w, x, y, z),
// the z-y-x Tait-Bryan angles.
std::pair<double, double> rollPitch(double w, double x, double y, double z) {
  const double roll = std::atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y));
  const double pitch = std::asin(std::clamp(2 * (w * y - z * x), -1.0, 1.0));
  return {roll, pitch};
}

// The normalised mean of unit quaternions (each flipped onto the first's hemisphere): the
// mean attitude, fine for the spread of a rocking body (Markley's eigenvector method
// differs from it at second order in the spread).
Eigen::Quaterniond meanAttitude(const std::vector<Eigen::Quaterniond>& q) {
  Eigen::Vector4d sum = Eigen::Vector4d::Zero();
  for (const Eigen::Quaterniond& x : q) sum += (x.coeffs().dot(q.front().coeffs()) < 0 ? -1.0 : 1.0) * x.coeffs();
  Eigen::Quaterniond mean;
  mean.coeffs() = sum.normalized();
  return mean;
}

double peakToPeak(const std::vector<double>& v) {
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return *hi - *lo;
}

}  // namespace

std::optional<RobotGait> gaitOfControl(const std::string& control) {
  std::istringstream in(control);
  std::string word;
  if (!(in >> word) || word != "tripod") return std::nullopt;
  RobotGait g;
  while (in >> word) {
    const std::size_t eq = word.find('=');
    if (eq == std::string::npos) continue;
    const std::string key = word.substr(0, eq);
    const double value = std::atof(word.c_str() + eq + 1);
    if (key == "period") g.period = value;
    if (key == "start") g.start = value;
  }
  if (!(g.period > 0)) return std::nullopt;
  return g;
}

RobotMetrics robotMetrics(const RobotRunSeries& run) {
  if (run.bodyRows.empty() || run.bodyRows[0].size() < 2 * kColumns)
    throw std::invalid_argument("the run has fewer than two series rows");
  RobotMetrics m;
  m.root = run.header.bodyNames[0];
  const std::vector<double>& root = run.bodyRows[0];
  const std::size_t n = root.size() / kColumns;
  std::vector<double> t(n);
  for (std::size_t i = 0; i < n; ++i) t[i] = at(root, i, kTime);

  // The window: whole cycles after the first, when the run has two or more.
  const std::optional<RobotGait> gait = gaitOfControl(run.header.control);
  m.window = {t.front(), t.back(), "the whole run (no gait recorded)"};
  if (gait) {
    // A cycle ending within one series row of the last row counts as whole (rows fall
    // every --series-every, rounded to steps, so the run's end is rarely a row).
    const double eps = t[n - 1] - t[n - 2];
    const double whole = std::floor((t.back() - gait->start + eps) / gait->period);
    if (whole >= 2) {
      m.cycles = whole - 1;
      m.window = {gait->start + gait->period, gait->start + whole * gait->period,
                  "whole gait cycles after the first (the start-up transient)"};
    } else {
      m.cycles = std::max(0.0, (t.back() - gait->start) / gait->period);
      m.window = {std::max(t.front(), gait->start), t.back(), "from the gait's start (fewer than two cycles)"};
    }
  }
  const std::vector<std::size_t> in = samplesIn(t, m.window);
  const std::size_t first = in.front(), last = in.back();
  m.steady = gait ? m.window
                  : TimeWindow{t.front() + 0.5 * (t.back() - t.front()), t.back(),
                               "the second half of the run (no gait recorded; the first half holds the drop onto "
                               "the sand and the start-up)"};
  const std::vector<std::size_t> steady = samplesIn(t, m.steady, 1);

  // Distance, speed, height, rocking of the root body.
  const double dx = at(root, last, kX) - at(root, first, kX), dy = at(root, last, kX + 1) - at(root, first, kX + 1);
  m.distanceX = dx;
  m.distancePlane = std::hypot(dx, dy);
  const double duration = t[last] - t[first];
  m.meanSpeed = duration > 0 ? dx / duration : std::nan("");
  // Per cycle from the speed: the window's last row may fall a little before its end.
  m.distancePerCycle = gait && m.cycles > 0 ? m.meanSpeed * gait->period : std::nan("");
  std::vector<double> z, roll, pitch;
  for (std::size_t i : in) z.push_back(at(root, i, kX + 2));
  std::vector<Eigen::Quaterniond> attitude;
  for (std::size_t i : steady)
    attitude.emplace_back(at(root, i, kQw), at(root, i, kQw + 1), at(root, i, kQw + 2), at(root, i, kQw + 3));
  const Eigen::Quaterniond mean = meanAttitude(attitude);
  std::tie(m.rollMean, m.pitchMean) = rollPitch(mean.w(), mean.x(), mean.y(), mean.z());
  for (const Eigen::Quaterniond& q : attitude) {
    const Eigen::Quaterniond d = mean.conjugate() * q.normalized();
    const auto [r, p] = rollPitch(d.w(), d.x(), d.y(), d.z());
    roll.push_back(r);
    pitch.push_back(p);
  }
  std::vector<double> zAll(n);
  for (std::size_t i = 0; i < n; ++i) zAll[i] = at(root, i, kX + 2);
  m.meanHeight = windowMean(t, zAll, m.window);
  m.minHeight = *std::min_element(z.begin(), z.end());
  m.rollPeakToPeak = peakToPeak(roll);
  m.pitchPeakToPeak = peakToPeak(pitch);

  // Terrain dissipation, -(F.v + M.omega) summed over bodies (v of the centre of mass and
  // M about it, as stored), trapezoid rule over the window; and the feet's sinkage.
  for (std::size_t b = 0; b < run.bodyRows.size(); ++b) {
    const std::vector<double>& rows = run.bodyRows[b];
    const auto power = [&](std::size_t i) {
      double p = 0;
      for (std::size_t c = 0; c < 3; ++c)
        p += at(rows, i, kFx + c) * at(rows, i, kVx + c) + at(rows, i, kMx + c) * at(rows, i, kWx + c);
      return -p;
    };
    FootSinkage foot{run.header.bodyNames[b], 0, 0};
    std::size_t touching = 0;
    for (std::size_t k = 1; k < in.size(); ++k)
      m.terrainDissipation += 0.5 * (power(in[k]) + power(in[k - 1])) * (t[in[k]] - t[in[k - 1]]);
    for (std::size_t i : steady) {
      if (at(rows, i, kPlates) > 0) {
        foot.mean += at(rows, i, kSinkage);
        foot.peak = std::max(foot.peak, at(rows, i, kSinkage));
        ++touching;
      }
    }
    if (touching == 0) continue;
    foot.mean /= double(touching);
    m.feet.push_back(foot);
  }

  // The wheels: slip, sinkage and load over their samples in contact in the steady window.
  const std::size_t wc = robotWheelColumns().size();
  for (std::size_t w = 0; w < run.wheelRows.size(); ++w) {
    const std::vector<double>& rows = run.wheelRows[w];
    WheelMetrics wheel{run.wheelNames[w], 0, 0, 0, 0, 0};
    std::size_t samples = 0, touching = 0;
    for (std::size_t i = 0; i < rows.size() / wc; ++i) {
      const double* r = &rows[i * wc];
      if (r[0] < m.steady.begin || r[0] > m.steady.end) continue;
      ++samples;
      if (!(r[1] > 0)) continue;
      ++touching;
      wheel.slip += r[3], wheel.sinkage += r[2], wheel.load += r[5];
      wheel.sinkagePeak = std::max(wheel.sinkagePeak, r[2]);
    }
    const double n = touching > 0 ? double(touching) : std::nan("");
    wheel.slip /= n, wheel.sinkage /= n, wheel.load /= n;
    wheel.contact = samples > 0 ? double(touching) / double(samples) : 0;
    m.wheels.push_back(wheel);
  }

  // Actuator work over the window, from the cumulative column at the window's rows.
  m.actuatorWork = std::nan("");
  const std::size_t workRows = run.actuatorWork.size() / 3;
  if (workRows == n) m.actuatorWork = run.actuatorWork[last * 3 + 1] - run.actuatorWork[first * 3 + 1];
  const double distance = std::fabs(dx);
  if (std::isfinite(m.actuatorWork) && m.actuatorWork > 0) {
    m.energyPerDistance = m.actuatorWork / distance;
    m.energySource = "the actuators' positive mechanical work (force x velocity, recorded each step)";
  } else {
    m.energyPerDistance = m.terrainDissipation / distance;
    m.energySource = std::isfinite(m.actuatorWork)
                         ? "the terrain's dissipated power -(F.v + M.omega): the actuators did no work"
                         : "the terrain's dissipated power -(F.v + M.omega): the run records no actuator work";
  }
  if (!(distance > 0)) m.energyPerDistance = std::numeric_limits<double>::infinity();
  return m;
}

}  // namespace regolith::postprocess
