// Counting the free cores (free_cores.h).
#include "core/free_cores.h"

#include <sched.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "kernels/stages.h"

namespace regolith {
namespace {

struct CpuTimes {
  unsigned long long idle = 0, total = 0;
};

// Per-CPU cumulative times of /proc/stat ("cpuN user nice system idle iowait irq softirq
// steal ..."), indexed by CPU number; empty when the file cannot be read.
std::vector<CpuTimes> readCpuTimes() {
  std::ifstream in("/proc/stat");
  std::vector<CpuTimes> times;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("cpu", 0) != 0 || line.size() < 4 || line[3] < '0' || line[3] > '9') continue;
    std::istringstream fields(line.substr(3));
    std::size_t cpu = 0;
    fields >> cpu;
    CpuTimes t;
    unsigned long long value = 0;
    for (int column = 0; column < 8 && fields >> value; ++column) {
      t.total += value;
      if (column == 3 || column == 4) t.idle += value;  // idle, iowait
    }
    if (times.size() <= cpu) times.resize(cpu + 1);
    times[cpu] = t;
  }
  return times;
}

}  // namespace

int freeCoreCount(std::chrono::milliseconds window) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 1;
  const int cores = std::max(1, CPU_COUNT(&allowed));
  const std::vector<CpuTimes> before = readCpuTimes();
  if (before.empty()) return cores;
  std::this_thread::sleep_for(window);
  const std::vector<CpuTimes> after = readCpuTimes();
  double idle = 0;
  for (std::size_t cpu = 0; cpu < before.size() && cpu < after.size() && cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    const unsigned long long total = after[cpu].total - before[cpu].total;
    // A CPU whose counters did not move in the window (ticks are 10 ms) counts as free.
    idle += total == 0 ? 1.0 : double(after[cpu].idle - before[cpu].idle) / double(total);
  }
  return std::clamp(int(std::lround(idle)), 1, cores);
}

int useFreeCores() {
  if (backendName() == "cuda" || std::getenv("OMP_NUM_THREADS") != nullptr) return threadCount();
  // A sample costs its 0.1 s window, so one is reused for kFreeCoresReuse: a Python loop
  // that builds many simulations pays it once every few seconds (at most 2 % of the time),
  // not once per simulation, and still follows a load that comes and goes.
  static std::mutex mutex;
  static std::chrono::steady_clock::time_point sampled;
  static int cores = 0;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto now = std::chrono::steady_clock::now();
  if (cores == 0 || now - sampled >= kFreeCoresReuse) {
    cores = freeCoreCount();
    sampled = now;
  }
  // Set every time, not only lowered: a process that chose fewer before (a Python session
  // that built a simulation on a busy machine) gets the cores back once they are free.
  setThreadCount(cores);
  return threadCount();
}

}  // namespace regolith
