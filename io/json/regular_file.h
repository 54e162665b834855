// Whether a path is a file the program may open for reading: a FIFO or a device is refused
// before anything opens it, since opening a FIFO for reading waits for a writer that may
// never come. One check for every reader of a user's file (scenes, sweeps, run files and
// checkpoints, MJCF models, control tables); each caller throws its own error type with
// the words this gives.
#pragma once

#include <optional>
#include <string>

namespace regolith {

// Nothing when `path` is a regular file; otherwise what was found there, in the words the
// errors use: "no such file or not readable", or "not a regular file (a folder, a FIFO or
// a device)".
std::optional<std::string> notARegularFile(const std::string& path);

}  // namespace regolith
