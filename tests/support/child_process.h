// Starting the real `regolith` binary from a test, as a user would: posix_spawn (safe in a
// threaded process, unlike fork), exit status or the signal that ended it, and a kill.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace regolith::test {

class ChildProcess {
 public:
  // Starts args[0] with args; stdout and stderr go to `logFile`.
  ChildProcess(const std::vector<std::string>& args, const std::string& logFile) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, logFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    const int rc = posix_spawn(&m_pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) throw std::runtime_error("cannot start " + args[0]);
  }
  ~ChildProcess() {
    if (m_pid > 0 && !m_done) {
      kill(m_pid, SIGKILL);
      wait();
    }
  }
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  void signal(int sig) { kill(m_pid, sig); }
  pid_t pid() const { return m_pid; }
  // The raw wait status (WIFEXITED / WIFSIGNALED ...).
  int wait() {
    if (!m_done) {
      waitpid(m_pid, &m_status, 0);
      m_done = true;
    }
    return m_status;
  }
  bool running() {
    if (m_done) return false;
    if (waitpid(m_pid, &m_status, WNOHANG) == m_pid) m_done = true;
    return !m_done;
  }

 private:
  pid_t m_pid = -1;
  int m_status = 0;
  bool m_done = false;
};

// Runs to the end; the exit code, or 128 + signal number.
inline int runToEnd(const std::vector<std::string>& args, const std::string& logFile) {
  ChildProcess p(args, logFile);
  const int status = p.wait();
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

#ifdef REGOLITH_BINARY
// Runs the `regolith` binary under test with `args`: its exit code (as runToEnd), its output
// in `log`.
inline int runRegolith(const std::vector<std::string>& args, const std::filesystem::path& log) {
  std::vector<std::string> all = {REGOLITH_BINARY};
  all.insert(all.end(), args.begin(), args.end());
  return runToEnd(all, log.string());
}
#endif

// Waits until `path` exists or the child ends; true if it exists.
inline bool waitForFile(ChildProcess& p, const std::filesystem::path& path) {
  while (!std::filesystem::exists(path)) {
    if (!p.running()) return std::filesystem::exists(path);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

}  // namespace regolith::test
