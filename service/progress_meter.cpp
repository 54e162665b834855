// Progress lines for `regolith run` and `regolith bed` (service/progress_meter.h).
#include "service/progress_meter.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace regolith {

std::string formatDuration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const long s = std::lround(seconds);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ldh %02ldm", s / 3600, (s % 3600) / 60);
  else if (s >= 60) std::snprintf(buf, sizeof buf, "%ldm %02lds", s / 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%lds", s);
  return buf;
}

ProgressMeter::ProgressMeter(std::FILE* out, std::uint64_t firstStep, std::uint64_t totalSteps, double timeStep,
                             std::size_t particles, double plainInterval)
    : m_out(out),
      m_terminal(out && isatty(fileno(out))),
      m_firstStep(firstStep),
      m_totalSteps(totalSteps),
      m_timeStep(timeStep),
      m_particles(double(particles)),
      m_interval(m_terminal ? 0.2 : plainInterval),
      m_start(Clock::now()),
      m_last(m_start) {}

void ProgressMeter::update(std::uint64_t step) {
  if (!m_out) return;
  const auto now = Clock::now();
  if (std::chrono::duration<double>(now - m_last).count() < m_interval) return;
  m_last = now;
  print(step, false);
}

void ProgressMeter::finish(std::uint64_t step) {
  if (!m_out) return;
  print(step, true);
  if (m_terminal) std::fputc('\n', m_out);
  std::fflush(m_out);
}

void ProgressMeter::print(std::uint64_t step, bool final) {
  const double wall = std::chrono::duration<double>(Clock::now() - m_start).count();
  const double done = double(step - std::min(step, m_firstStep));
  const double stepsPerSecond = wall > 0 ? done / wall : 0.0;
  const double left = double(m_totalSteps - std::min(step, m_totalSteps));
  const double eta = stepsPerSecond > 0 ? left / stepsPerSecond : NAN;
  const double fraction = m_totalSteps ? double(step) / double(m_totalSteps) : 1.0;
  char line[256];
  std::snprintf(line, sizeof line, "t = %.4g / %.4g s  %5.1f%%  %.3g steps/s  %.3g particle-steps/s  %s %s",
                double(step) * m_timeStep, double(m_totalSteps) * m_timeStep, 100.0 * fraction, stepsPerSecond,
                stepsPerSecond * m_particles, final ? "elapsed" : "ETA", formatDuration(final ? wall : eta).c_str());
  if (m_terminal) {
    const int width = 24;
    const int filled = std::clamp(int(std::lround(fraction * width)), 0, width);
    std::fprintf(m_out, "\r[%s%s] %s\033[K", std::string(std::size_t(filled), '#').c_str(),
                 std::string(std::size_t(width - filled), '.').c_str(), line);
  } else {
    std::fprintf(m_out, "regolith: %s\n", line);
  }
  std::fflush(m_out);
}

}  // namespace regolith
