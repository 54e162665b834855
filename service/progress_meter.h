// Progress of a run on stderr: simulated time, steps per second, particle-steps per
// second and the time left. On a terminal one line redrawn in place with a bar; otherwise
// (a log file, a batch job) a plain line every `plainInterval` wall seconds.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace regolith {

class ProgressMeter {
 public:
  // `firstStep` is where this process started (a resumed run starts past 0), so rates
  // count only the steps it made.
  ProgressMeter(std::FILE* out, std::uint64_t firstStep, std::uint64_t totalSteps, double timeStep,
                std::size_t particles, double plainInterval = 10.0);
  // Reports `step` unless the last report is too recent (a terminal redraws at most
  // ~5 times a second).
  void update(std::uint64_t step);
  // The last report and a newline (on a terminal), whatever the interval.
  void finish(std::uint64_t step);

 private:
  void print(std::uint64_t step, bool final);

  using Clock = std::chrono::steady_clock;
  std::FILE* m_out;
  bool m_terminal;
  std::uint64_t m_firstStep, m_totalSteps;
  double m_timeStep;
  double m_particles;
  double m_interval;
  Clock::time_point m_start, m_last;
};

// "1h 02m", "3m 20s", "12s".
std::string formatDuration(double seconds);

}  // namespace regolith
