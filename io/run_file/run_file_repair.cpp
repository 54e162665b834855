// A torn run.h5 copied into a fresh one (io/run_file/run_file_repair.h).
#include "io/run_file/run_file_repair.h"

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "io/run_file/frame_static.h"
#include "io/h5/h5_file.h"
#include "io/run_file/run_file_layout.h"

namespace regolith {

bool runFileIsTorn(const std::string& path) {
  const h5::File file = h5::File::openReadOnly(path);
  return std::filesystem::file_size(path) > file.allocatedEnd();
}

void rebuildRunFile(const std::string& path, std::uint64_t lastStep) {
  const std::string repaired = path + ".repair";
  {
    const h5::File torn = h5::File::openReadOnly(path);
    const h5::File fresh = h5::File::createReplacing(repaired);
    // The root's attributes are not an object H5Ocopy can take: a run file of this
    // version gets them anew. Every group but /frames is copied whole.
    run_layout::requireFormat(torn, run_layout::kFormat, run_layout::kFormatVersion);
    run_layout::writeFormat(fresh);
    for (const std::string& name : torn.children())
      if (name != "frames") torn.copyTo(name, fresh);
    const h5::Group frames = torn.open("frames");
    const h5::Group kept = fresh.create("frames");
    for (const std::string& name : frames.children()) {
      std::uint64_t step = 0;
      try {
        step = frames.open(name).uint64Attribute("step");
      } catch (const std::runtime_error&) {
        break;  // the torn frame: it and anything after it were never finished
      }
      if (step > lastStep) break;
      run_layout::copyFrame(frames, name, kept, fresh);
    }
    fresh.flush();
  }
  std::filesystem::rename(repaired, path);
}

}  // namespace regolith
