// `regolith bench shared`: the dense bench on a machine another program is also using
// (issue 41 item 3). OpenMP threads that spin at their barriers stall when one of them
// shares a core with a busy process: the quick-start demo once took 4 min 46 s where one
// thread takes 17 s. This bench starts `busy` processes that spin, runs the dense bench
// beside them with the program's default threads and with --threads 1, each as a child
// process of this program (so the OpenMP settings are those a user's run gets), and
// reports the slowdown of the default against one thread. The bound it is held to: 1.3.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace regolith {

struct SharedMachineBenchOptions {
  std::size_t particles = 20000;
  std::uint64_t steps = 200;
  int busy = 1;            // competing busy processes
  std::string waitPolicy;  // OMP_WAIT_POLICY for the default run ("" = the program's default)
  bool json = false;
};

// Prints the result (text or one JSON object) to stdout; returns 0, or 1 when a child
// bench failed.
int runSharedMachineBench(const SharedMachineBenchOptions& o);

}  // namespace regolith
