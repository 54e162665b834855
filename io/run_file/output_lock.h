// The lock of a run's output folder: DIR/.regolith.lock, held (flock, exclusive) for the
// whole life of `regolith run --out DIR`, with the holder's PID written in it. It is taken
// before anything in DIR is read or changed, so a second writer (--overwrite, --resume or a
// batch runner's retry) is refused while the first still writes, and changes nothing.
// The kernel drops the lock when the holder exits or dies, SIGKILL included: a stale lock
// file never blocks anyone.
#pragma once

#include <optional>
#include <string>

namespace regolith {

class OutputFolderLock {
 public:
  // Creates DIR if needed and takes its lock; throws std::runtime_error naming the holder's
  // PID when another process holds it.
  explicit OutputFolderLock(const std::string& dir);
  ~OutputFolderLock();
  OutputFolderLock(const OutputFolderLock&) = delete;
  OutputFolderLock& operator=(const OutputFolderLock&) = delete;

 private:
  int m_fd = -1;
};

// The PID written by the process that holds DIR's lock now (0 when it wrote none yet), or
// nothing when no process holds it. A probe: it takes and drops a shared lock.
std::optional<long> outputFolderHolder(const std::string& dir);

}  // namespace regolith
