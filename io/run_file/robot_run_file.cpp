// Writing robot run files (robot_run_file.h) over the HDF5 layer and the XDMF sidecar of
// DEM runs.
#include "io/run_file/robot_run_file.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>

#include "io/h5/h5_file.h"
#include "io/run_file/xdmf_sidecar.h"

namespace regolith {
namespace {

// HDF5 link names may not hold '/' (a MuJoCo name may).
std::string linkName(std::string name) {
  for (char& c : name)
    if (c == '/') c = '_';
  return name.empty() ? "_" : name;
}

}  // namespace

struct RobotRunWriter::Impl {
  explicit Impl(h5::File f) : file(std::move(f)) {}
  h5::File file;
  std::vector<std::string> series;
  std::unique_ptr<XdmfSidecar> xmf;
  std::size_t frames = 0;
  // Series and actuator-work rows are kept here and written, then flushed, at most once a
  // second of wall time and with every frame: a dataset append and a flush per row (every
  // 2 ms of simulated time by default, per body) took most of a rover's run. A run killed
  // outright loses at most the last second's rows; one stopped by a signal writes them
  // with its last frame (and the destructor writes what is left).
  std::vector<std::vector<double>> pendingSeries;  // per body, rows of 22
  std::vector<double> pendingWork;                 // rows of 3
  std::vector<std::string> wheels;                 // link names under /wheels
  std::vector<std::vector<double>> pendingWheels;  // per wheel
  std::chrono::steady_clock::time_point lastFlush = std::chrono::steady_clock::now();
  void writePending() {
    const h5::Group group = file.open("series");
    for (std::size_t b = 0; b < pendingSeries.size(); ++b)
      if (!pendingSeries[b].empty()) {
        group.appendRows(series[b], pendingSeries[b]);
        pendingSeries[b].clear();
      }
    if (!pendingWork.empty()) {
      file.appendRows("actuator_work", pendingWork);
      pendingWork.clear();
    }
    for (std::size_t w = 0; w < pendingWheels.size(); ++w)
      if (!pendingWheels[w].empty()) {
        file.open("wheels").appendRows(wheels[w], pendingWheels[w]);
        pendingWheels[w].clear();
      }
  }
  void writeAtMostEverySecond() {
    const auto now = std::chrono::steady_clock::now();
    if (now - lastFlush < std::chrono::seconds(1)) return;
    writePending();
    file.flush();
    lastFlush = now;
  }
};

RobotRunWriter::RobotRunWriter(const std::string& h5Path, const std::string& xmfPath, const RobotRunHeader& header)
    : m_impl(new Impl(h5::File::createReplacing(h5Path))) {
  const h5::File& f = m_impl->file;
  const h5::Group meta = f.create("meta");
  meta.setAttribute("format", kRobotRunFormat);
  meta.setAttribute("format_version", kRobotRunFormatVersion);
  meta.setAttribute("version", header.version);
  meta.setAttribute("git_revision", header.gitRevision);
  meta.setAttribute("start_time", header.startTime);
  meta.setAttribute("time_step", header.timeStep);
  meta.setAttribute("model_file", header.modelFile);
  meta.setAttribute("terrain_file", header.terrainFile);
  meta.setAttribute("control", header.control);
  meta.setAttribute("duration", header.duration);
  meta.writeString("terrain_json", header.terrainJson);
  meta.writeStrings("body_names", header.bodyNames);
  const h5::Group series = f.create("series");
  for (const std::string& name : header.bodyNames) {
    m_impl->series.push_back(linkName(name));
    series.createRows<double>(m_impl->series.back(), 22);
  }
  f.createRows<double>("actuator_work", 3);
  f.create("frames");
  if (!xmfPath.empty()) m_impl->xmf = std::make_unique<XdmfSidecar>(h5Path, xmfPath);
  f.flush();
}

namespace {
// Keeps the rows of the row dataset `name` of `g` whose first column is at most `time`.
void keepRowsUpTo(const h5::Group& g, const std::string& name, double time) {
  std::vector<hsize_t> dims;
  const std::vector<double> rows = g.read<double>(name, &dims);
  const std::size_t columns = dims.size() == 2 ? std::size_t(dims[1]) : 1;
  std::size_t keep = 0;
  while (keep < std::size_t(dims[0]) && rows[keep * columns] <= time + 1e-12) ++keep;
  g.resizeRows(name, keep);
}
}  // namespace

RobotRunWriter::RobotRunWriter(const std::string& h5Path, const std::string& xmfPath, double time,
                               std::uint64_t lastFrameStep, double duration)
    : m_impl(new Impl(h5::File::openReadWrite(h5Path))) {
  const h5::File& f = m_impl->file;
  if (!f.has("meta") || f.open("meta").stringAttribute("format") != kRobotRunFormat)
    throw std::runtime_error(h5Path + ": not a run file of `regolith robot`");
  const h5::Group meta = f.open("meta");
  const h5::Group series = f.open("series");
  for (const std::string& name : meta.readStrings("body_names")) {
    m_impl->series.push_back(linkName(name));
    keepRowsUpTo(series, m_impl->series.back(), time);
  }
  keepRowsUpTo(f, "actuator_work", time);
  if (f.has("estimator")) keepRowsUpTo(f, "estimator", time);
  if (f.has("wheels")) {
    const h5::Group wheels = f.open("wheels");
    for (const std::string& name : wheels.children()) keepRowsUpTo(wheels, name, time);
  }
  const h5::Group frames = f.open("frames");
  for (const std::string& name : frames.children())
    if (frames.open(name).uint64Attribute("step") > lastFrameStep) frames.remove(name);
  m_impl->frames = frames.children().size();
  meta.setAttribute("end", "");
  meta.setAttribute("end_time", 0.0);
  meta.setAttribute("duration", duration);
  if (!xmfPath.empty()) {
    m_impl->xmf = std::make_unique<XdmfSidecar>(h5Path, xmfPath);
    m_impl->xmf->addAll(frames);
    m_impl->xmf->write();
  }
  f.flush();
}

RobotRunWriter::~RobotRunWriter() {
  try {
    m_impl->writePending();
  } catch (const std::exception&) {  // a destructor cannot report it; writeFrame would have
  }
}

void RobotRunWriter::appendSeries(double time, const std::vector<RobotBodyRow>& rows) {
  m_impl->pendingSeries.resize(m_impl->series.size());
  for (std::size_t b = 0; b < rows.size() && b < m_impl->series.size(); ++b) {
    const std::vector<double> row = robotSeriesRow(time, rows[b]);
    std::vector<double>& pending = m_impl->pendingSeries[b];
    pending.insert(pending.end(), row.begin(), row.end());
  }
  m_impl->writeAtMostEverySecond();
}

void RobotRunWriter::createWheels(const std::vector<std::string>& bodies) {
  m_impl->pendingWheels.assign(bodies.size(), {});
  if (m_impl->file.has("wheels")) {  // a resumed run's: its rows go on
    const h5::Group group = m_impl->file.open("wheels");
    for (const std::string& body : bodies) {
      m_impl->wheels.push_back(linkName(body));
      if (!group.has(m_impl->wheels.back()))
        throw std::runtime_error("resumed run file: no /wheels/" + m_impl->wheels.back() + " to continue");
    }
    return;
  }
  const h5::Group group = m_impl->file.create("wheels");
  const std::vector<std::string>& columns = robotWheelColumns();
  std::string names;
  for (const std::string& c : columns) names += (names.empty() ? "" : ",") + c;
  group.setAttribute("columns", names);
  for (const std::string& body : bodies) {
    m_impl->wheels.push_back(linkName(body));
    group.createRows<double>(m_impl->wheels.back(), columns.size());
  }
}

void RobotRunWriter::appendWheels(const std::vector<std::vector<double>>& rows) {
  for (std::size_t w = 0; w < rows.size() && w < m_impl->pendingWheels.size(); ++w)
    m_impl->pendingWheels[w].insert(m_impl->pendingWheels[w].end(), rows[w].begin(), rows[w].end());
}

void RobotRunWriter::finish(const std::string& end, double endTime) {
  m_impl->writePending();
  const h5::Group meta = m_impl->file.open("meta");
  meta.setAttribute("end", end);
  meta.setAttribute("end_time", endTime);
  m_impl->file.flush();
}

bool robotRunCompleted(const RobotRunHeader& header, std::string* why) {
  if (header.end == "completed" || header.formatVersion < 2) return true;  // format 1 recorded no end
  if (why) *why = header.end.empty() ? "no end recorded: the run was killed, or is still running" : header.end;
  return false;
}

void RobotRunWriter::appendActuatorWork(double time, double positive, double net) {
  m_impl->pendingWork.insert(m_impl->pendingWork.end(), {time, positive, net});
}

namespace {
std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
  return out;
}
std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    out.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}
}  // namespace

void RobotRunWriter::createEstimator(const std::vector<std::string>& columns,
                                     const std::vector<std::string>& stateNames) {
  if (m_impl->file.has("estimator")) return;  // a resumed run's: its rows go on
  m_impl->file.createRows<double>("estimator", columns.size());
  const h5::Group e = m_impl->file.object("estimator");
  e.setAttribute("columns", joined(columns));
  e.setAttribute("state_names", joined(stateNames));
}

void RobotRunWriter::appendEstimator(const std::vector<double>& row) { m_impl->file.appendRows("estimator", row); }

namespace {
// A coupled run's grains, in the DEM run file's names (the XDMF sidecar reads those).
void writeGrains(const h5::Group& g, const RobotFrame& frame) {
  const std::size_t n = frame.spherePosition.size();
  std::vector<double> position, velocity;
  for (const auto& x : frame.spherePosition) position.insert(position.end(), x.begin(), x.end());
  g.write("sphere_position", position, {n, 3});
  if (n == 0) return;
  for (const auto& v : frame.sphereVelocity) velocity.insert(velocity.end(), v.begin(), v.end());
  g.write("sphere_velocity", velocity, {n, 3});
  g.write("sphere_radius", frame.sphereRadius, {n});
  g.write("sphere_owner", frame.sphereOwner, {n});
  g.write("sphere_family", frame.sphereFamily, {n});
  if (!frame.sphereRelocations.empty()) g.write("sphere_relocations", frame.sphereRelocations, {n});
  std::vector<std::int32_t> connectivity(n);
  for (std::size_t i = 0; i < n; ++i) connectivity[i] = std::int32_t(i);
  g.write("connectivity", connectivity, {n});
}
}  // namespace

void RobotRunWriter::writeFrame(const RobotFrame& frame) {
  char name[32];
  std::snprintf(name, sizeof name, "%06zu", m_impl->frames);
  m_impl->writePending();  // rows before the frame, so a frame's file has its series
  const h5::Group g = m_impl->file.open("frames").create(name);
  g.setAttribute("step", frame.step);
  g.setAttribute("time", frame.time);
  std::vector<double> position, orientation;
  for (const RobotBodyRow& b : frame.bodies) {
    position.insert(position.end(), b.position.begin(), b.position.end());
    orientation.insert(orientation.end(), b.orientation.begin(), b.orientation.end());
  }
  g.write("body_position", position, {frame.bodies.size(), 3});
  g.write("body_orientation", orientation, {frame.bodies.size(), 4});
  if (frame.gridNx > 0) {
    g.write("terrain_height", frame.terrainHeight,
            {static_cast<hsize_t>(frame.gridNy), static_cast<hsize_t>(frame.gridNx)});
    const h5::Group height = g.object("terrain_height");
    height.setAttribute("x0", frame.gridX0);
    height.setAttribute("y0", frame.gridY0);
    height.setAttribute("spacing", frame.gridSpacing);
    g.write("terrain_permanent_depth", frame.terrainPermanentDepth,
            {static_cast<hsize_t>(frame.gridNy), static_cast<hsize_t>(frame.gridNx)});
    g.write("terrain_trace", frame.terrainTrace,
            {static_cast<hsize_t>(frame.gridNy), static_cast<hsize_t>(frame.gridNx)});
  }
  // Triangles for ParaView, in the DEM run file's names (the sidecar reads those).
  std::vector<float> vertices;
  for (const auto& v : frame.vertices)
    for (double x : v) vertices.push_back(static_cast<float>(x));
  std::vector<std::int32_t> triangles;
  for (const auto& t : frame.triangles) triangles.insert(triangles.end(), t.begin(), t.end());
  g.write("body_vertices", vertices, {frame.vertices.size(), 3});
  g.write("body_triangles", triangles, {frame.triangles.size(), 3});
  g.write("body_triangle_boundary", frame.triangleOwner, {frame.triangleOwner.size()});
  g.write("body_vertex_radius", std::vector<float>(frame.vertices.size(), 0.0f), {frame.vertices.size()});
  writeGrains(g, frame);
  m_impl->file.flush();
  m_impl->lastFlush = std::chrono::steady_clock::now();
  ++m_impl->frames;
  if (m_impl->xmf) {
    m_impl->xmf->add(g, name);
    m_impl->xmf->write();
  }
}

std::size_t RobotRunWriter::frameCount() const { return m_impl->frames; }

bool isRobotRunFile(const std::string& h5Path) {
  try {
    const h5::File f = h5::File::openReadOnly(h5Path);
    return f.has("meta") && f.open("meta").stringAttribute("format") == kRobotRunFormat;
  } catch (const std::exception&) {
    return false;  // no attribute, or not HDF5: not a robot run
  }
}

RobotRunSeries readRobotRun(const std::string& h5Path) {
  if (!isRobotRunFile(h5Path)) throw std::runtime_error(h5Path + ": not a run file of `regolith robot`");
  const h5::File f = h5::File::openReadOnly(h5Path);
  const h5::Group meta = f.open("meta");
  RobotRunSeries r;
  r.header.modelFile = meta.stringAttribute("model_file");
  r.header.terrainFile = meta.stringAttribute("terrain_file");
  r.header.control = meta.stringAttribute("control");
  r.header.version = meta.stringAttribute("version");
  r.header.startTime = meta.stringAttribute("start_time");
  r.header.timeStep = meta.doubleAttribute("time_step");
  r.header.terrainJson = meta.readString("terrain_json");
  r.header.bodyNames = meta.readStrings("body_names");
  r.header.formatVersion = meta.hasAttribute("format_version") ? meta.int64Attribute("format_version") : 1;
  r.header.duration = meta.hasAttribute("duration") ? meta.doubleAttribute("duration") : std::nan("");
  if (meta.hasAttribute("end")) {
    r.header.end = meta.stringAttribute("end");
    r.header.endTime = meta.doubleAttribute("end_time");
  } else if (r.header.formatVersion < 2) {
    r.header.end = "unknown";
  }
  const h5::Group series = f.open("series");
  for (const std::string& name : r.header.bodyNames) r.bodyRows.push_back(series.read<double>(linkName(name)));
  if (f.has("actuator_work")) r.actuatorWork = f.read<double>("actuator_work");
  if (f.has("wheels")) {
    const h5::Group wheels = f.open("wheels");
    for (const std::string& name : wheels.children()) {
      r.wheelNames.push_back(name);
      r.wheelRows.push_back(wheels.read<double>(name));
    }
  }
  for (const std::string& name : f.open("frames").children())
    r.frameTimes.push_back(f.open("frames").open(name).doubleAttribute("time"));
  if (f.has("estimator")) {
    r.estimatorColumns = split(f.object("estimator").stringAttribute("columns"));
    r.estimatorRows = f.read<double>("estimator");
  }
  return r;
}

RobotFrame readRobotFrame(const std::string& h5Path, std::size_t k) {
  if (!isRobotRunFile(h5Path)) throw std::runtime_error(h5Path + ": not a run file of `regolith robot`");
  const h5::File f = h5::File::openReadOnly(h5Path);
  const std::vector<std::string> names = f.open("frames").children();
  if (k >= names.size())
    throw std::out_of_range("frame " + std::to_string(k) + " of " + h5Path + ", which has " +
                            std::to_string(names.size()));
  const h5::Group g = f.open("frames").open(names[k]);
  RobotFrame frame;
  frame.step = g.uint64Attribute("step");
  frame.time = g.doubleAttribute("time");
  const std::vector<double> position = g.read<double>("body_position");
  const std::vector<double> orientation = g.read<double>("body_orientation");
  frame.bodies.resize(position.size() / 3);
  for (std::size_t b = 0; b < frame.bodies.size(); ++b) {
    for (int i = 0; i < 3; ++i) frame.bodies[b].position[i] = position[3 * b + i];
    for (int i = 0; i < 4; ++i) frame.bodies[b].orientation[i] = orientation[4 * b + i];
  }
  if (g.has("terrain_height")) {
    std::vector<hsize_t> dims;
    frame.terrainHeight = g.read<double>("terrain_height", &dims);
    frame.gridNy = int(dims.at(0)), frame.gridNx = int(dims.at(1));
    const h5::Group height = g.object("terrain_height");
    frame.gridX0 = height.doubleAttribute("x0");
    frame.gridY0 = height.doubleAttribute("y0");
    frame.gridSpacing = height.doubleAttribute("spacing");
    if (g.has("terrain_permanent_depth")) frame.terrainPermanentDepth = g.read<double>("terrain_permanent_depth");
    if (g.has("terrain_trace")) frame.terrainTrace = g.read<double>("terrain_trace");
  }
  return frame;
}

}  // namespace regolith
