// DIR/.regolith.lock: an exclusive flock holding the run's PID, taken, probed and released.
#include "io/run_file/output_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace regolith {
namespace {

namespace fs = std::filesystem;

std::string lockPath(const std::string& dir) { return (fs::path(dir) / ".regolith.lock").string(); }

// The PID in the lock file (0 when empty: the holder has not written it yet).
long pidIn(int fd) {
  char text[32] = {};
  const ssize_t n = pread(fd, text, sizeof text - 1, 0);
  return n > 0 ? std::strtol(text, nullptr, 10) : 0;
}

}  // namespace

OutputFolderLock::OutputFolderLock(const std::string& dir) {
  fs::create_directories(dir);
  const std::string path = lockPath(dir);
  // O_CLOEXEC: a child the run might start must not inherit (and outlive us holding) it.
  m_fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (m_fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  if (flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
    const long holder = pidIn(m_fd);
    close(m_fd);
    m_fd = -1;
    throw std::runtime_error(dir + " is being written by another regolith process (" +
                             (holder > 0 ? "PID " + std::to_string(holder) : std::string("PID not yet recorded")) +
                             ", lock " + path +
                             "); nothing was changed. Wait for it to end (or stop it), or "
                             "choose another --out");
  }
  // Ours now: replace the last holder's PID with this one.
  const std::string pid = std::to_string(long(getpid())) + "\n";
  if (ftruncate(m_fd, 0) != 0 || pwrite(m_fd, pid.data(), pid.size(), 0) != ssize_t(pid.size()))
    throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
}

OutputFolderLock::~OutputFolderLock() {
  if (m_fd >= 0) close(m_fd);  // releases the flock
}

std::optional<long> outputFolderHolder(const std::string& dir) {
  const int fd = open(lockPath(dir).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;  // never locked
  std::optional<long> holder;
  if (flock(fd, LOCK_SH | LOCK_NB) != 0) holder = pidIn(fd);
  close(fd);  // drops the probe's shared lock, if it got one
  return holder;
}

}  // namespace regolith
