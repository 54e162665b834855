// What build wrote a file: the version and the git revision at configure time.
#pragma once

#include <string>

namespace regolith {

std::string regolithVersion();   // project version, e.g. "0.2.0"
std::string regolithRevision();  // `git describe --always --dirty` at configure time, or "unknown"

}  // namespace regolith
