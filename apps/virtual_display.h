// A virtual X display for the life of the object: Debian's ParaView draws through X, so
// `regolith render` without a display starts its own Xvfb. xvfb-run was not used: under
// load it hands the program a display number before the server listens (1 start in 4
// failed with "bad X server connection" on a busy 2-core machine); this one waits for the
// server's socket.
#pragma once

#include <sys/types.h>

#include <string>

namespace regolith {

class VirtualDisplay {
 public:
  // Starts Xvfb (found on PATH) on the first free display number from `firstNumber` and
  // waits up to `timeoutSeconds` for its socket. Throws std::runtime_error when there is
  // no Xvfb or none would start.
  explicit VirtualDisplay(int firstNumber, double timeoutSeconds = 20);
  ~VirtualDisplay();  // stops the server
  VirtualDisplay(const VirtualDisplay&) = delete;
  VirtualDisplay& operator=(const VirtualDisplay&) = delete;

  // ":N", for DISPLAY.
  std::string name() const { return ":" + std::to_string(m_number); }

 private:
  pid_t m_pid = -1;
  int m_number = -1;
};

}  // namespace regolith
