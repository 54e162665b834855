// Summary of a run file; see run_info.h.
#include "apps/run_info.h"

#include "io/run_file.h"

namespace regolith {

void printRunInfo(const std::string& h5Path, std::ostream& out) {
  const RunFileReader run(h5Path);
  const RunMeta& m = run.header().meta;
  out << "run file: " << h5Path << "\n"
      << "scene: " << m.sceneFile << "\n"
      << "written by: regolith " << m.version << " (" << m.gitRevision << "), backend " << m.backend << "\n"
      << "seed: " << m.seed << "\n"
      << "started: " << m.startTime << "\n"
      << "time step: " << m.timeStep << " s\n"
      << "templates: " << run.header().templates.size() << ", materials: " << run.header().materials.size() << "\n";
  const std::size_t frames = run.frameCount();
  out << "frames: " << frames;
  if (frames > 0) {
    const FrameData first = run.frame(0);
    const FrameData last = frames > 1 ? run.frame(frames - 1) : first;
    out << ", t = " << first.time << " .. " << last.time << " s (steps " << first.step << " .. " << last.step << ")\n"
        << "last frame: " << last.state.ownerCount() << " owners, " << last.state.sphereCount() << " spheres, "
        << last.boundaries.size() << " boundaries"
        << (last.hasContacts ? ", " + std::to_string(last.contacts.pairFirst.size()) + " sphere contacts, " +
                                   std::to_string(last.contacts.wallSphere.size()) + " wall contacts"
                             : std::string())
        << "\n";
  } else {
    out << "\n";
  }
  out << "bodies: " << run.header().bodyNames.size() << "\n";
  for (const std::string& body : run.header().bodyNames) {
    const std::vector<SeriesSample> rows = run.series(body);
    out << "  " << body << ": " << rows.size() << " series rows";
    if (!rows.empty()) out << ", t = " << rows.front().time << " .. " << rows.back().time << " s";
    out << "\n";
  }
}

}  // namespace regolith
