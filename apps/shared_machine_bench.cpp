// The dense bench beside busy processes (shared_machine_bench.h).
#include "apps/shared_machine_bench.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "kernels/stages.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

// Processes that spin until killed: the competing load (one core each while they run).
class BusyProcesses {
 public:
  explicit BusyProcesses(int count) {
    for (int i = 0; i < count; ++i) {
      const pid_t pid = fork();
      if (pid == 0) {
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
      }
      if (pid < 0) throw std::runtime_error("bench shared: cannot start a busy process (fork failed)");
      m_pids.push_back(pid);
    }
  }
  ~BusyProcesses() {
    for (const pid_t pid : m_pids) kill(pid, SIGKILL);
    for (const pid_t pid : m_pids) waitpid(pid, nullptr, 0);
  }
  BusyProcesses(const BusyProcesses&) = delete;
  BusyProcesses& operator=(const BusyProcesses&) = delete;

 private:
  std::vector<pid_t> m_pids;
};

struct ChildBench {
  double wallSeconds = 0;
  double particleStepsPerSecond = 0;
  int threads = 0;
};

// This program's `bench dense ... --json` as a child, its stdout read back. `waitPolicy`
// (when not empty) is set as OMP_WAIT_POLICY in the child's environment only.
ChildBench runChild(const std::vector<std::string>& args, const std::string& waitPolicy, const fs::path& outFile) {
  std::vector<std::string> argv = {"/proc/self/exe"};
  argv.insert(argv.end(), args.begin(), args.end());
  std::vector<char*> cargs;
  for (std::string& a : argv) cargs.push_back(a.data());
  cargs.push_back(nullptr);
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    if (!waitPolicy.empty()) setenv("OMP_WAIT_POLICY", waitPolicy.c_str(), 1);
    if (!std::freopen(outFile.c_str(), "w", stdout)) _exit(127);
    execv(cargs[0], cargs.data());
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("bench shared: the child `regolith bench dense` failed (its output: " + outFile.string() +
                             ")");
  std::ifstream in(outFile);
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json j = nlohmann::json::parse(text.str());
  return {j.at("wall_s").get<double>(), j.at("particle_steps_per_s").get<double>(), j.at("threads").get<int>()};
}

}  // namespace

int runSharedMachineBench(const SharedMachineBenchOptions& o) {
  const fs::path dir = fs::temp_directory_path() / ("regolith_bench_shared_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string bed = (dir / "bed.h5").string();
  const std::vector<std::string> dense = {"bench",       "dense", "--particles", std::to_string(o.particles),
                                          "--bed-cache", bed,     "--json",      "--steps"};
  const auto withSteps = [&](std::uint64_t steps, std::vector<std::string> extra) {
    std::vector<std::string> a = dense;
    a.push_back(std::to_string(steps));
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  const char* inherited = std::getenv("OMP_WAIT_POLICY");
  const std::string policy = !o.waitPolicy.empty() ? o.waitPolicy : inherited ? inherited : "";
  int rc = 0;
  ChildBench idle, shared, single;
  try {
    // The bed settles once, on one thread with the machine to itself (untimed); every
    // timed run loads it.
    runChild(withSteps(1, {"--threads", "1"}), "", dir / "settle.json");
    idle = runChild(withSteps(o.steps, {}), o.waitPolicy, dir / "idle.json");
    const BusyProcesses busy(o.busy);
    shared = runChild(withSteps(o.steps, {}), o.waitPolicy, dir / "shared.json");
    single = runChild(withSteps(o.steps, {"--threads", "1"}), o.waitPolicy, dir / "single.json");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "regolith %s\n", e.what());
    rc = 1;
  }
  std::error_code ignored;
  if (rc == 0) fs::remove_all(dir, ignored);
  if (rc != 0) return rc;

  const double slowdown = shared.wallSeconds / single.wallSeconds;
  const std::string policyName = policy.empty() ? "program default" : policy;
  if (o.json) {
    const nlohmann::json j = {{"scene", "dense"},
                              {"particles", o.particles},
                              {"steps", o.steps},
                              {"busy_processes", o.busy},
                              {"wait_policy", policyName},
                              {"backend", backendName()},
                              {"idle_default_wall_s", idle.wallSeconds},
                              {"idle_default_threads", idle.threads},
                              {"shared_default_wall_s", shared.wallSeconds},
                              {"shared_default_threads", shared.threads},
                              {"shared_single_thread_wall_s", single.wallSeconds},
                              {"slowdown", slowdown},
                              {"bound", 1.3},
                              {"within_bound", slowdown <= 1.3}};
    std::printf("%s\n", j.dump().c_str());
  } else {
    std::printf(
        "bench shared: dense, %zu spheres, %llu steps, beside %d busy process%s (OMP_WAIT_POLICY: %s)\n"
        "  before the busy processes, default threads (%d): %.3f s\n"
        "  beside them,   default threads (%d): %.3f s\n"
        "  beside them,   --threads 1:          %.3f s\n"
        "  slowdown of the default against one thread: %.2f (bound 1.3: %s)\n",
        o.particles, static_cast<unsigned long long>(o.steps), o.busy, o.busy == 1 ? "" : "es", policyName.c_str(),
        idle.threads, idle.wallSeconds, shared.threads, shared.wallSeconds, single.wallSeconds, slowdown,
        slowdown <= 1.3 ? "within" : "EXCEEDED");
  }
  return 0;
}

}  // namespace regolith
