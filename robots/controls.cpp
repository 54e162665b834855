// Control tables and the tripod gait (controls.h).
#include "robots/controls.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "io/json/regular_file.h"

namespace regolith::robots {
namespace {

std::vector<std::string> splitCsv(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream s(line);
  std::string cell;
  while (std::getline(s, cell, ',')) {
    const std::size_t a = cell.find_first_not_of(" \t\r"), b = cell.find_last_not_of(" \t\r");
    cells.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
  }
  return cells;
}

class ControlTable : public Controller {
 public:
  ControlTable(std::vector<int> actuators, std::vector<double> times, std::vector<std::vector<double>> rows)
      : m_actuators(std::move(actuators)), m_times(std::move(times)), m_rows(std::move(rows)) {}

  void apply(const mjModel*, mjData* d) const override {
    const auto upper = std::upper_bound(m_times.begin(), m_times.end(), d->time);
    const std::size_t hi = std::min<std::size_t>(upper - m_times.begin(), m_times.size() - 1);
    const std::size_t lo = hi == 0 ? 0 : hi - 1;
    const double span = m_times[hi] - m_times[lo];
    const double w = span > 0 ? std::clamp((d->time - m_times[lo]) / span, 0.0, 1.0) : 1.0;
    for (std::size_t a = 0; a < m_actuators.size(); ++a)
      d->ctrl[m_actuators[a]] = (1 - w) * m_rows[lo][a] + w * m_rows[hi][a];
  }

 private:
  std::vector<int> m_actuators;
  std::vector<double> m_times;
  std::vector<std::vector<double>> m_rows;
};

const char* const kTripodA[] = {"L1", "R2", "L3"};
const char* const kTripodB[] = {"R1", "L2", "R3"};

class TripodController : public Controller {
 public:
  TripodController(const TripodGait& g, const mjModel* m) : m_gait(g) {
    auto find = [&](const std::string& name) {
      const int id = mj_name2id(m, mjOBJ_ACTUATOR, name.c_str());
      if (id < 0) throw std::invalid_argument("tripod gait: the model has no actuator \"" + name + "\"");
      return id;
    };
    for (int t = 0; t < 2; ++t)
      for (const char* leg : t == 0 ? kTripodA : kTripodB)
        m_legs.push_back({find(std::string(leg) + "_swing"), find(std::string(leg) + "_lift"), 0.5 * t});
  }

  void apply(const mjModel*, mjData* d) const override {
    const double cycles = std::max(0.0, d->time - m_gait.start) / m_gait.period;
    for (const Leg& leg : m_legs) {
      const double phase = cycles + leg.offset - std::floor(cycles + leg.offset);
      const LegTargets t = d->time < m_gait.start ? tripodLegTargets(m_gait, 0) : tripodLegTargets(m_gait, phase);
      d->ctrl[leg.swing] = t.swing;
      d->ctrl[leg.lift] = t.lift;
    }
  }

 private:
  struct Leg {
    int swing, lift;
    double offset;  // phase offset in cycles
  };
  TripodGait m_gait;
  std::vector<Leg> m_legs;
};

}  // namespace

std::unique_ptr<Controller> controlTableFromCsv(const std::string& path, const mjModel* m) {
  if (const std::optional<std::string> found = notARegularFile(path))
    throw std::invalid_argument(path + ": " + *found + ": expected a CSV of actuator targets");
  std::ifstream in(path);
  if (!in) throw std::invalid_argument(path + ": no readable file: expected a CSV of actuator targets");
  std::string line;
  if (!std::getline(in, line)) throw std::invalid_argument(path + ": empty: expected a header time,<actuator>,...");
  const std::vector<std::string> header = splitCsv(line);
  if (header.size() < 2 || header[0] != "time")
    throw std::invalid_argument(path + ": line 1: found \"" + line + "\", expected time,<actuator>,...");
  std::vector<int> actuators;
  for (std::size_t c = 1; c < header.size(); ++c) {
    const int id = mj_name2id(m, mjOBJ_ACTUATOR, header[c].c_str());
    if (id < 0)
      throw std::invalid_argument(path + ": line 1, column " + std::to_string(c + 1) + ": found \"" + header[c] +
                                  "\", expected the name of an actuator of the model");
    actuators.push_back(id);
  }
  std::vector<double> times;
  std::vector<std::vector<double>> rows;
  for (int number = 2; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::vector<std::string> cells = splitCsv(line);
    if (cells.size() != header.size())
      throw std::invalid_argument(path + ": line " + std::to_string(number) + ": found " +
                                  std::to_string(cells.size()) + " values, expected " + std::to_string(header.size()));
    std::vector<double> values;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      char* end = nullptr;
      const double v = std::strtod(cells[c].c_str(), &end);
      if (cells[c].empty() || *end != '\0' || !std::isfinite(v))
        throw std::invalid_argument(path + ": line " + std::to_string(number) + ", column " + std::to_string(c + 1) +
                                    ": found \"" + cells[c] + "\", expected a finite number");
      values.push_back(v);
    }
    if (!times.empty() && !(values[0] > times.back()))
      throw std::invalid_argument(path + ": line " + std::to_string(number) + ": time " + cells[0] +
                                  ", expected times increasing row by row");
    times.push_back(values[0]);
    rows.emplace_back(values.begin() + 1, values.end());
  }
  if (times.empty()) throw std::invalid_argument(path + ": no rows: expected at least one row of targets");
  return std::make_unique<ControlTable>(std::move(actuators), std::move(times), std::move(rows));
}

LegTargets tripodLegTargets(const TripodGait& g, double phase) {
  LegTargets t;
  if (phase < g.duty) {
    t.swing = g.stride * (0.5 - phase / g.duty);
  } else {
    const double s = (phase - g.duty) / (1 - g.duty);
    t.swing = -g.stride / 2 + g.stride * (1 - std::cos(M_PI * s)) / 2;
    t.lift = g.lift * std::sin(M_PI * s);
  }
  return t;
}

std::unique_ptr<Controller> tripodGait(const TripodGait& g, const mjModel* m) {
  if (!(g.period > 0) || !(g.duty > 0 && g.duty < 1) || !std::isfinite(g.stride) || !std::isfinite(g.lift))
    throw std::invalid_argument("tripod gait: expected period > 0, duty factor in (0, 1), finite stride and lift");
  return std::make_unique<TripodController>(g, m);
}

}  // namespace regolith::robots
