// The default thread count of a run: the cores this process may use that are not busy
// with other work (issue 41 item 3). OpenMP's default is every core; on a machine another
// program is also using, a team of that size puts one thread beside the other program,
// and every fork and barrier of a step then waits for the scheduler to give that thread
// its turn (`regolith bench shared` measured the dense bench 23 times slower on two
// threads than on one beside a load of ten processes, with passive waiting). Fewer
// threads, on the cores that are free, do not wait.
#pragma once

#include <chrono>

namespace regolith {

// The cores in this process's affinity set that were idle over `window` (from the
// per-CPU counters of /proc/stat: idle and iowait against all), rounded to whole cores,
// at least 1. Without /proc/stat (not Linux): the cores of the affinity set.
int freeCoreCount(std::chrono::milliseconds window = std::chrono::milliseconds(100));

// How long useFreeCores() reuses one sample of freeCoreCount().
inline constexpr std::chrono::seconds kFreeCoresReuse{5};

// For a command that did not get a thread count: unless OMP_NUM_THREADS is set (the
// user's choice), sets the OpenMP threads to freeCoreCount() (OpenMP's own default is
// every core of the affinity set), sampled at most once per kFreeCoresReuse. Returns the
// threads now in use. A no-op on the CUDA build.
int useFreeCores();

}  // namespace regolith
