// Xvfb started and stopped around a rendering (apps/virtual_display.h).
#include "apps/virtual_display.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <thread>

#include "apps/run_program.h"

namespace regolith {
namespace {

namespace fs = std::filesystem;

// Whether a server listens on the Unix socket at `path` (a stale socket file left by a
// killed server refuses the connection).
bool accepts(const std::string& path) {
  const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  path.copy(address.sun_path, sizeof address.sun_path - 1);
  const bool ok = connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  close(fd);
  return ok;
}

// Starts Xvfb on display n; returns its pid once its socket exists, or -1 when it exited
// (another server took n) or did not listen in time (then it is stopped).
pid_t startOn(const std::string& xvfb, int n, double timeoutSeconds) {
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = open("/dev/null", O_RDWR);
    if (null >= 0) dup2(null, STDOUT_FILENO), dup2(null, STDERR_FILENO);
    const std::string display = ":" + std::to_string(n);
    // -noreset: an X server resets when its last client leaves, and a client that
    // connects during the reset is refused ("bad X server connection").
    execl(xvfb.c_str(), "Xvfb", display.c_str(), "-nolisten", "tcp", "-noreset", "-screen", "0", "1920x1200x24",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  if (pid < 0) return -1;
  const fs::path socket = "/tmp/.X11-unix/X" + std::to_string(n);
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeoutSeconds);
  while (std::chrono::steady_clock::now() < end) {
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) return -1;  // it exited: the number was taken
    if (accepts(socket.string())) return pid;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(pid, SIGTERM);
  waitpid(pid, nullptr, 0);
  return -1;
}

}  // namespace

VirtualDisplay::VirtualDisplay(int firstNumber, double timeoutSeconds) {
  const std::string xvfb = findOnPath("Xvfb");
  if (xvfb.empty())
    throw std::runtime_error(
        "no display (DISPLAY is not set) and no Xvfb to make one: install it with "
        "`apt-get install xvfb`");
  for (int n = firstNumber; n < firstNumber + 20; ++n) {
    std::error_code ec;
    if (fs::exists("/tmp/.X" + std::to_string(n) + "-lock", ec)) continue;
    m_pid = startOn(xvfb, n, timeoutSeconds);
    if (m_pid > 0) {
      m_number = n;
      return;
    }
  }
  throw std::runtime_error("Xvfb did not start on displays :" + std::to_string(firstNumber) +
                           " to :" + std::to_string(firstNumber + 19));
}

VirtualDisplay::~VirtualDisplay() {
  if (m_pid <= 0) return;
  kill(m_pid, SIGTERM);
  waitpid(m_pid, nullptr, 0);
}

}  // namespace regolith
