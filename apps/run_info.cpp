// Summary of a run file; see run_info.h.
#include "apps/run_info.h"

#include <cmath>

#include "io/json/json_pointer.h"
#include "io/run_file/robot_run_file.h"
#include "io/run_file/run_file.h"

namespace regolith {
namespace {

// A run file of `regolith robot` (io/run_file/robot_run_file.h): what ran, how it ended, its
// frames, bodies and wheels.
void printRobotRunInfo(const std::string& h5Path, std::ostream& out) {
  const RobotRunSeries run = readRobotRun(h5Path);
  const RobotRunHeader& h = run.header;
  std::string why;
  const bool complete = robotRunCompleted(h, &why);
  out << "robot run file: " << h5Path << " (format " << h.formatVersion << ")\n"
      << "model: " << h.modelFile << "\n"
      << "terrain: " << h.terrainFile << "\n"
      << "control: " << h.control << "\n"
      << "written by: regolith " << h.version << "\n"
      << "started: " << h.startTime << "\n"
      << "time step: " << h.timeStep << " s\n"
      << "duration asked: ";
  if (std::isnan(h.duration)) out << "not recorded (format 1)\n";
  else out << h.duration << " s\n";
  out << "end: " << (complete ? h.end : "NOT FINISHED: " + why);
  if (!h.end.empty() && h.end != "unknown") out << " at t = " << h.endTime << " s";
  out << "\n";
  out << "frames: " << run.frameTimes.size();
  if (!run.frameTimes.empty()) out << ", t = " << run.frameTimes.front() << " .. " << run.frameTimes.back() << " s";
  out << "\nbodies: " << h.bodyNames.size() << "\n";
  for (std::size_t b = 0; b < h.bodyNames.size(); ++b) {
    const std::vector<double>& rows = run.bodyRows[b];
    const std::size_t n = rows.size() / 22;
    out << "  " << h.bodyNames[b] << ": " << n << " series rows";
    if (n > 0) out << ", t = " << rows.front() << " .. " << rows[(n - 1) * 22] << " s";
    out << "\n";
  }
  if (!run.wheelNames.empty()) {
    out << "wheels: " << run.wheelNames.size() << " (/wheels/<body>: ";
    for (const std::string& c : robotWheelColumns()) out << (c == "time" ? "" : " ") << c;
    out << ")\n";
    for (std::size_t w = 0; w < run.wheelNames.size(); ++w)
      out << "  " << run.wheelNames[w] << ": " << run.wheelRows[w].size() / robotWheelColumns().size() << " rows\n";
  }
  if (!run.estimatorColumns.empty())
    out << "estimator: " << run.estimatorRows.size() / run.estimatorColumns.size() << " rows\n";
}

}  // namespace

void printRunInfo(const std::string& h5Path, std::ostream& out) {
  if (isRobotRunFile(h5Path)) return printRobotRunInfo(h5Path, out);
  const RunFileReader run(h5Path);
  const RunMeta& m = run.header().meta;
  out << "run file: " << h5Path << "\n"
      << "scene: " << m.sceneFile << "\n"
      << "written by: regolith " << m.version << " (" << m.gitRevision << "), backend " << m.backend << "\n"
      << "seed: " << m.seed << "\n"
      << "started: " << m.startTime << "\n"
      << "time step: " << m.timeStep << " s\n"
      << "templates: " << run.header().templates.size() << ", materials: " << run.header().materials.size() << "\n";
  if (m.domain) {
    std::string axes;
    for (int a = 0; a < 3; ++a)
      if (m.domain->periodic[std::size_t(a)]) axes += std::string(axes.empty() ? "" : ", ") + kAxisNames[a];
    out << "domain: " << json::vectorText(m.domain->lo.x, m.domain->lo.y, m.domain->lo.z) << " to "
        << json::vectorText(m.domain->hi.x, m.domain->hi.y, m.domain->hi.z) << " m, "
        << (axes.empty() ? "not periodic" : "periodic along " + axes) << "\n";
  }
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
