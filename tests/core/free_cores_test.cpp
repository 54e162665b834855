// The default thread count of a run (core/free_cores.h): the cores not busy with other
// work. What is checked does not depend on what else the machine runs: with every core
// of the affinity set kept busy by this test's own spinning threads, no core is free
// (the count is 1, its floor), and the count never exceeds the affinity set.
#include <gtest/gtest.h>

#include <sched.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>

#include "core/free_cores.h"
#include "kernels/stages.h"

namespace regolith {
namespace {

int affinityCores() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  EXPECT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
  return CPU_COUNT(&allowed);
}

TEST(FreeCores, NoneFreeWhileEveryCoreSpinsAndNeverMoreThanTheAffinitySet) {
  const int cores = affinityCores();
  const int free = freeCoreCount(std::chrono::milliseconds(50));
  EXPECT_GE(free, 1);
  EXPECT_LE(free, cores);

  std::atomic<bool> stop{false};
  std::vector<std::thread> spinners;
  for (int i = 0; i < cores; ++i)
    spinners.emplace_back([&stop] {
      while (!stop.load(std::memory_order_relaxed)) {}
    });
  std::this_thread::sleep_for(std::chrono::milliseconds(20));  // all of them running
  // Each core is busy all the window (up to a tick of the 10 ms counters: a
  // rounding to whole cores leaves no free one).
  const int busy = freeCoreCount(std::chrono::milliseconds(200));
  stop = true;
  for (std::thread& t : spinners) t.join();
  EXPECT_EQ(busy, 1) << cores << " cores, every one spinning";
}

TEST(FreeCores, OmpNumThreadsIsTheUsersChoice) {
  if (backendName() == "cuda") GTEST_SKIP() << "no OpenMP threads on the CUDA build";
  setenv("OMP_NUM_THREADS", "1", 1);  // ctest sets it for every test process anyway
  setThreadCount(1);
  EXPECT_EQ(useFreeCores(), 1);
}

}  // namespace
}  // namespace regolith
