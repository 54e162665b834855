// The local batch runner: one poll loop over waitpid (no threads, so fork is safe),
// children in their own process groups (a terminal's Ctrl-C reaches only the runner, which
// forwards one SIGINT to each), a lock file so two runners never share a folder. Children
// die with their runner (PR_SET_PDEATHSIG): a runner killed outright leaves no orphan
// writing a folder the next runner will take over.
#include "batch/runner.h"

#include <fcntl.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <climits>
#include <csignal>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "batch/manifest.h"
#include "core/stop_signals.h"
#include "io/run_file/output_lock.h"
#include "kernels/detection/build_guard.h"

namespace regolith::batch {
namespace {

// The cores this process may run on (its affinity mask: taskset, cgroups, Slurm), else
// what the machine reports.
int usableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) return CPU_COUNT(&set);
  return std::max(1, int(std::thread::hardware_concurrency()));
}

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// An exclusive flock on DIR/.batch.lock, released when the runner ends (or dies).
class FolderLock {
 public:
  explicit FolderLock(const std::string& dir) {
    const std::string path = (fs::path(dir) / ".batch.lock").string();
    m_fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (m_fd < 0 || flock(m_fd, LOCK_EX | LOCK_NB) != 0)
      throw std::runtime_error(dir + ": another `regolith batch run` holds this folder");
  }
  ~FolderLock() {
    if (m_fd >= 0) close(m_fd);
  }

 private:
  int m_fd = -1;
};

pid_t spawn(const std::vector<std::string>& args, const std::string& logPath, const std::string& gpu) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot fork for " + logPath);
  if (pid == 0) {
    // SIGTERM when the runner dies, however it dies: a run then checkpoints and stops (a
    // SIGKILLed runner's next instance resumes it) instead of writing on as an orphan. The
    // runner may have died before prctl: then our parent is no longer `parent`.
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent) _exit(126);
    setpgid(0, 0);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    const int fd = open(logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    if (!gpu.empty()) setenv("CUDA_VISIBLE_DEVICES", gpu.c_str(), 1);
    execv(argv[0], argv.data());
    _exit(127);
  }
  setpgid(pid, pid);  // also here, so a signal sent at once finds the group
  return pid;
}

// Whether process `pid` lives (a zombie does not) and its command line names `dir`: a
// recorded PID that the system has since given to another program does not count.
bool runsIn(long pid, const std::string& dir) {
  if (pid <= 0) return false;
  const std::string proc = "/proc/" + std::to_string(pid);
  std::ifstream stat(proc + "/stat");
  std::string statText;
  if (!std::getline(stat, statText)) return false;
  const std::size_t close = statText.rfind(')');
  if (close == std::string::npos || close + 2 >= statText.size()) return false;
  const char state = statText[close + 2];
  if (state == 'Z' || state == 'X') return false;
  std::ifstream cmdline(proc + "/cmdline", std::ios::binary);
  const std::string args((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
  return args.find(dir) != std::string::npos;
}

// How long a run left `running` by an earlier runner may take to stop before this runner
// leaves it alone: its process got SIGTERM when that runner died and writes a checkpoint
// first (seconds for the largest runs).
constexpr double kTakeOverGraceSeconds = 30;

struct Active {
  pid_t pid = 0;
  std::size_t run = 0;
  bool metrics = false;  // second phase: `regolith metrics`
  std::size_t slot = 0;
  Clock::time_point start;
};

}  // namespace

std::string selfExecutable() {
  char buffer[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0) throw std::runtime_error("cannot find the regolith binary (/proc/self/exe)");
  return std::string(buffer, std::size_t(n));
}

std::string fileTail(const std::string& path, std::size_t lines) {
  std::ifstream in(path, std::ios::binary);
  std::deque<std::string> last;
  for (std::string line; std::getline(in, line);) {
    last.push_back(line);
    if (last.size() > lines) last.pop_front();
  }
  std::string out;
  for (const std::string& l : last) out += l + "\n";
  return out;
}

int runBatch(const BatchRunOptions& o, std::ostream& out) {
  const FolderLock lock(o.dir);
  Manifest m = readManifest(o.dir);
  const std::string exe = o.exe.empty() ? selfExecutable() : o.exe;
  // Slots: --jobs, else one per GPU (or 1); never more than the GPUs given.
  int jobs = o.jobs > 0 ? o.jobs : std::max<int>(1, int(o.gpus.size()));
  if (!o.gpus.empty()) jobs = std::min<int>(jobs, int(o.gpus.size()));
  const std::size_t slots = std::size_t(jobs);
  // Threads per run: --threads, else the usable cores shared among the slots. (Each run
  // taking every core would oversubscribe them: two such runs on two cores take as long
  // as running them in turn.)
  const int cores = usableCores();
  const int threads = o.threads > 0 ? o.threads : std::max(1, cores / jobs);
  std::deque<std::size_t> queue;
  for (std::size_t i = 0; i < m.runs.size(); ++i) {
    const std::string& s = m.runs[i].status;
    if (s == kFinished || (s == kFailed && !o.retryFailed)) continue;
    queue.push_back(i);
  }
  if (!queue.empty())
    out << queue.size() << (queue.size() == 1 ? " run" : " runs") << " to do, " << jobs << " at a time, " << threads
        << (threads == 1 ? " thread" : " threads") << " each"
        << (o.threads > 0
                ? " (--threads)"
                : " (" + std::to_string(cores) + " cores / " + std::to_string(jobs) + " jobs; --threads sets it)")
        << std::endl;
  const auto runDir = [&](std::size_t i) { return fs::path(o.dir) / m.runs[i].id; };
  const auto logPath = [&](std::size_t i) { return (runDir(i) / "log.txt").string(); };

  // Whether run i may be started: no process of an earlier runner still works on it (its
  // recorded PID) and no process holds its output folder (a `regolith run` started by
  // hand). A run left `running` gets a grace period to stop; one still held after it is
  // left alone (and counts as unfinished) rather than fought over.
  const auto mayStart = [&](std::size_t i) {
    const ManifestRun& r = m.runs[i];
    const std::string d = runDir(i).string();
    // The holder's PID (0 while it has not written it yet), or nothing.
    const auto holder = [&]() -> std::optional<long> {
      if (runsIn(r.pid, d)) return r.pid;
      return outputFolderHolder(d);
    };
    const auto named = [](long pid) { return pid > 0 ? "PID " + std::to_string(pid) : std::string("a process"); };
    std::optional<long> pid = holder();
    if (pid && r.status == kRunning) {
      out << r.id << ": waiting for " << named(*pid) << " (started by an earlier runner) to stop" << std::endl;
      const auto start = Clock::now();
      while (pid && !stopRequested() &&
             std::chrono::duration<double>(Clock::now() - start).count() < kTakeOverGraceSeconds) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        pid = holder();
      }
    }
    if (pid) out << r.id << ": still running as " << named(*pid) << " outside this runner; left alone" << std::endl;
    return !pid;
  };

  std::vector<Active> active;
  std::vector<bool> slotBusy(slots, false);
  const auto startPhase = [&](std::size_t i, bool metrics, std::size_t slot) {
    const fs::path d = runDir(i);
    std::vector<std::string> args;
    if (metrics) {
      args = {exe, "metrics", d.string()};
    } else {
      args = {exe, "run", (d / "scene.json").string(), "--out", d.string(), "--quiet"};
      args.insert(args.end(), {"--threads", std::to_string(threads)});
      if (o.checkpointEvery >= 0) {
        std::ostringstream every;
        every << o.checkpointEvery;
        args.insert(args.end(), {"--checkpoint-every", every.str()});
      }
      if (fs::exists(d / "checkpoint.h5")) args.push_back("--resume");
      else if (fs::exists(d / "run.h5")) args.push_back("--overwrite");
    }
    {
      std::ofstream log(logPath(i), std::ios::app);
      log << "== regolith batch:";
      for (std::size_t k = 1; k < args.size(); ++k) log << ' ' << args[k];
      log << (o.gpus.empty() ? "" : " (CUDA_VISIBLE_DEVICES=" + o.gpus[slot % o.gpus.size()] + ")") << "\n";
    }
    const std::string gpu = o.gpus.empty() ? "" : o.gpus[slot % o.gpus.size()];
    Active a{spawn(args, logPath(i), gpu), i, metrics, slot, Clock::now()};
    active.push_back(a);
    slotBusy[slot] = true;
    ManifestRun& r = m.runs[i];
    r.status = kRunning;
    r.pid = a.pid;
    if (!metrics) ++r.attempts;
    writeManifest(o.dir, m);
    out << r.id << ": "
        << (metrics                     ? "metrics"
            : args.back() == "--resume" ? "resumed"
                                        : "started")
        << (gpu.empty() ? "" : " on GPU " + gpu) << std::endl;
  };

  const StopSignals signals;  // stopRequested(): the signal, 0 while none came
  bool forwarded = false;
  while (!queue.empty() || !active.empty()) {
    while (!stopRequested() && !queue.empty() && active.size() < slots) {
      std::size_t slot = 0;
      while (slotBusy[slot]) ++slot;
      const std::size_t i = queue.front();
      queue.pop_front();
      if (mayStart(i)) startPhase(i, false, slot);
    }
    if (stopRequested() && !forwarded) {
      for (const Active& a : active) kill(a.pid, SIGINT);
      forwarded = true;
      out << "regolith batch: stopping (signal " << stopRequested() << "): runs checkpoint and stop" << std::endl;
    }
    if (active.empty()) break;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid <= 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      continue;
    }
    std::size_t k = 0;
    while (k < active.size() && active[k].pid != pid) ++k;
    if (k == active.size()) continue;
    const Active a = active[k];
    active.erase(active.begin() + std::ptrdiff_t(k));
    slotBusy[a.slot] = false;
    ManifestRun& r = m.runs[a.run];
    r.pid = 0;
    r.wallSeconds += std::chrono::duration<double>(Clock::now() - a.start).count();
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.exitCode = code;
    const bool stopped = code == 128 + SIGINT || code == 128 + SIGTERM ||
                         (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) || (stopRequested() && a.metrics);
    if (code == 0 && !a.metrics && m.hasStudy && !stopRequested()) {
      startPhase(a.run, true, a.slot);
      continue;
    }
    if (code == 0 && (a.metrics || !m.hasStudy)) {
      r.status = kFinished;
      r.result = r.id + (m.hasStudy ? "/metrics.json" : "/run.h5");
      r.logTail.clear();
    } else if (code == 0 || stopped) {
      r.status = kInterrupted;  // a checkpoint (or a finished run.h5) is there to resume
    } else {
      r.status = kFailed;
      r.logTail = fileTail(logPath(a.run), 20);
    }
    writeManifest(o.dir, m);
    out << r.id << ": " << r.status << " (exit " << code << ", " << r.wallSeconds << " s)" << std::endl;
  }
  if (stopRequested()) return 128 + stopRequested();
  for (const ManifestRun& r : m.runs)
    if (r.status != kFinished) return 1;
  return 0;
}

}  // namespace regolith::batch
