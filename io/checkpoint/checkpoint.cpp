// DIR/checkpoint.h5 (docs/output-format.md, "Checkpoint"): every field of Checkpoint, Real
// arrays in their native type so a resumed run continues bit for bit.
#include "io/checkpoint/checkpoint.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "io/h5/h5_arrays.h"
#include "io/h5/h5_file.h"
#include "io/run_file/run_file_layout.h"
#include "io/h5/state_io.h"

namespace regolith {

namespace {

constexpr const char* kFormat = "regolith-checkpoint";
constexpr std::int64_t kFormatVersion = 1;
// A checkpoint continues only in a build of the same precision.
constexpr const char* kRealType = sizeof(Real) == sizeof(double) ? "float64" : "float32";

using h5::readList;
using h5::readQuats;
using h5::readVec3s;
using h5::writeList;
using h5::writeQuats;
using h5::writeVec3s;

void writeContacts(const h5::Group& g, const ContactSnapshot& c) {
  writeList(g, "pair_keys", c.pairKeys);
  writeVec3s(g, "pair_shear", c.pairShear);
  writeList(g, "wall_keys", c.wallKeys);
  writeVec3s(g, "wall_shear", c.wallShear);
}

ContactSnapshot readContacts(const h5::Group& g) {
  ContactSnapshot c;
  c.pairKeys = readList<unsigned long long>(g, "pair_keys");
  c.pairShear = readVec3s<Real>(g, "pair_shear");
  c.wallKeys = readList<unsigned long long>(g, "wall_keys");
  c.wallShear = readVec3s<Real>(g, "wall_shear");
  return c;
}

void writeStats(const h5::Group& g, const StreamStats& s) {
  g.setAttribute("builds", s.builds);
  g.setAttribute("adopted", s.adopted);
  g.setAttribute("discarded", s.discarded);
  g.setAttribute("waits", s.waits);
  g.setAttribute("forced_rebuilds", s.forcedRebuilds);
  g.setAttribute("steps", s.steps);
  g.setAttribute("lag_sum", s.lagSum);
  g.setAttribute("max_lag", s.maxLag);
  g.setAttribute("renumberings", s.renumberings);
  g.setAttribute("wait_seconds", s.waitSeconds);
}

StreamStats readStats(const h5::Group& g) {
  StreamStats s;
  s.builds = g.uint64Attribute("builds");
  s.adopted = g.uint64Attribute("adopted");
  s.discarded = g.uint64Attribute("discarded");
  s.waits = g.uint64Attribute("waits");
  s.forcedRebuilds = g.uint64Attribute("forced_rebuilds");
  s.steps = g.uint64Attribute("steps");
  s.lagSum = g.uint64Attribute("lag_sum");
  s.maxLag = g.uint64Attribute("max_lag");
  // Absent from checkpoints written before the counter existed (2026-12-04), whose runs
  // renumbered nothing or did not count it.
  if (g.hasAttribute("renumberings")) s.renumberings = g.uint64Attribute("renumberings");
  s.waitSeconds = g.doubleAttribute("wait_seconds");
  return s;
}

void writeEngine(const h5::Group& g, const EngineState& e) {
  g.setAttribute("steps", e.steps);
  g.setAttribute("rebuilds", e.rebuilds);
  writeStateArrays(g.create("state"), e.state);
  writeContacts(g.create("contacts"), e.contacts);
  writeList(g, "switched", e.switched);
  writeStats(g.create("stream_stats"), e.stats);
  std::vector<std::uint64_t> steps;
  std::vector<double> speeds;
  for (const auto& [step, speed] : e.recentSpeeds) {
    steps.push_back(step);
    speeds.push_back(speed);
  }
  writeList(g, "recent_speed_step", steps);
  writeList(g, "recent_speed", speeds);
  if (!e.ownerOrder.empty()) writeList(g, "owner_order", e.ownerOrder);
  if (!e.trackedOwners.empty()) {
    const h5::Group t = g.create("tracked_owners");
    t.setAttribute("steps", e.trackedSteps);
    writeList(t, "owner", e.trackedOwners);
    writeVec3s(t, "force_sum", e.trackedForceSums);
    writeVec3s(t, "torque_sum", e.trackedTorqueSums);
  }
  if (e.movingBed.started) {
    const h5::Group b = g.create("moving_bed");
    b.setAttribute("next_strip", e.movingBed.nextStrip);
    b.setAttribute("refreshes", e.movingBed.refreshes);
    b.setAttribute("moved", e.movingBed.moved);
    b.setAttribute("raised", e.movingBed.raised);
    b.setAttribute("dropped", e.movingBed.dropped);
    b.setAttribute("empty_places", e.movingBed.emptyPlaces);
    writeVec3s(b, "template_position", e.movingBed.templatePosition);
    writeQuats(b, "template_orientation", e.movingBed.templateOrientation);
  }
}

EngineState readEngine(const h5::Group& g) {
  EngineState e;
  e.steps = g.uint64Attribute("steps");
  e.rebuilds = g.uint64Attribute("rebuilds");
  e.state = readStateArrays(g.open("state"));
  e.contacts = readContacts(g.open("contacts"));
  e.switched = readList<std::uint8_t>(g, "switched");
  e.stats = readStats(g.open("stream_stats"));
  const auto steps = readList<std::uint64_t>(g, "recent_speed_step");
  const auto speeds = readList<double>(g, "recent_speed");
  if (steps.size() != speeds.size())
    throw std::runtime_error(g.where() + ": recent_speed_step and recent_speed differ in length");
  for (std::size_t i = 0; i < steps.size(); ++i) e.recentSpeeds.emplace_back(steps[i], speeds[i]);
  // Absent in checkpoints of runs that never reordered.
  if (g.has("owner_order")) e.ownerOrder = readList<Index>(g, "owner_order");
  // Only in checkpoints of coupled runs (Simulation::trackOwners).
  if (g.has("tracked_owners")) {
    const h5::Group t = g.open("tracked_owners");
    e.trackedSteps = t.uint64Attribute("steps");
    e.trackedOwners = readList<Index>(t, "owner");
    e.trackedForceSums = readVec3s<double>(t, "force_sum");
    e.trackedTorqueSums = readVec3s<double>(t, "torque_sum");
  }
  // Only in checkpoints of runs whose bed follows a body, once it has started (Model::follow).
  if (g.has("moving_bed")) {
    const h5::Group b = g.open("moving_bed");
    e.movingBed.started = true;
    e.movingBed.nextStrip = b.int64Attribute("next_strip");
    e.movingBed.refreshes = b.uint64Attribute("refreshes");
    e.movingBed.moved = b.uint64Attribute("moved");
    e.movingBed.raised = b.uint64Attribute("raised");
    e.movingBed.dropped = b.uint64Attribute("dropped");
    e.movingBed.emptyPlaces = b.uint64Attribute("empty_places");
    e.movingBed.templatePosition = readVec3s<double>(b, "template_position");
    e.movingBed.templateOrientation = readQuats(b, "template_orientation");
    if (e.movingBed.templatePosition.size() != e.state.ownerCount() ||
        e.movingBed.templateOrientation.size() != e.state.ownerCount())
      throw std::runtime_error(b.where() + ": the template holds " +
                               std::to_string(e.movingBed.templatePosition.size()) + " positions and " +
                               std::to_string(e.movingBed.templateOrientation.size()) + " orientations, the state " +
                               std::to_string(e.state.ownerCount()) + " owners");
  }
  return e;
}

}  // namespace

void writeEngineState(const h5::Group& g, const EngineState& e) { writeEngine(g, e); }
EngineState readEngineState(const h5::Group& g) { return readEngine(g); }

void writeFileAtomically(const std::string& path, const std::function<void(const h5::File&)>& write) {
  const std::string tmp = path + ".tmp";
  {
    const h5::File f = h5::File::createReplacing(tmp);
    write(f);
    f.flush();
  }  // closed before the rename: the renamed file is complete
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw std::runtime_error(path + ": cannot rename " + tmp + " to it: " + std::strerror(errno));
}

void writeCheckpoint(const std::string& path, const Checkpoint& c) {
  writeFileAtomically(path, [&](const h5::File& f) {
    f.setAttribute("format", kFormat);
    f.setAttribute("format_version", kFormatVersion);
    f.setAttribute("real_type", kRealType);
    f.writeString("scene_json", c.sceneJson);
    f.setAttribute("seed", c.seed);
    f.writeString("rng_state", c.rngState);
    f.setAttribute("wall_seconds", c.wallSeconds);
    const h5::Group output = f.create("output");
    output.setAttribute("frames_written", c.output.framesWritten);
    output.setAttribute("next_frame_step", c.output.nextFrameStep);
    output.setAttribute("next_series_step", c.output.nextSeriesStep);
    writeEngine(f.create("engine"), c.engine);
  });
}

Checkpoint readCheckpoint(const std::string& path) {
  const h5::File f = h5::File::openReadOnly(path);
  run_layout::requireFormat(f, kFormat, kFormatVersion);
  const std::string realType = f.stringAttribute("real_type");
  if (realType != kRealType)
    throw std::runtime_error(path + ": written by a build with Real = " + realType + ", this build has Real = " +
                             kRealType + " (a checkpoint continues only at the same precision)");
  Checkpoint c;
  c.sceneJson = f.readString("scene_json");
  c.seed = f.uint64Attribute("seed");
  c.rngState = f.readString("rng_state");
  c.wallSeconds = f.doubleAttribute("wall_seconds");
  const h5::Group output = f.open("output");
  c.output.framesWritten = output.uint64Attribute("frames_written");
  c.output.nextFrameStep = output.uint64Attribute("next_frame_step");
  c.output.nextSeriesStep = output.uint64Attribute("next_series_step");
  c.engine = readEngine(f.open("engine"));
  return c;
}

}  // namespace regolith
