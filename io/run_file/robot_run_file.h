// DIR/run.h5 and DIR/run.xmf of `regolith robot` (docs/robots.md): a MuJoCo model on
// granular terrain, written frame by frame and flushed like a DEM run's file.
//
//   /meta            attributes format = "regolith-robot-run", format_version, version,
//                    git_revision, start_time, time_step, model_file, terrain_file,
//                    control (the control file, or the gait and its parameters, or
//                    "none"), duration (the requested simulated time [s]; format 2);
//                    written when the run ends (format 2): end ("completed", "blow-up:
//                    <what>", "stopped by signal <N>") and end_time [s]. A file with a
//                    duration but no end is a run that was killed (or is still running);
//                    datasets terrain_json (the terrain file as run), body_names
//   /series/<body>   rows of 22 numbers: time, x y z, qw qx qy qz, vx vy vz, wx wy wz,
//                    fx fy fz (terrain force), mx my mz (terrain moment about the centre of
//                    mass), plates in contact, sinkage (its deepest plate's depth [m])
//   /actuator_work   rows of 3 beside the series: time, the actuators' positive work and
//                    their net work [J] since the start (sum over actuators of force x
//                    velocity x dt each step); absent in files written before it
//   /wheels/<body>   (format 2) per wheel of the terrain file's `wheels`, rows beside the
//                    series: time, contact (1/0), sinkage [m], slip (s in [-1, 1]),
//                    slip_angle [rad], load, drawbar_pull, lateral [N], torque [N m]
//                    (robots/wheel_contact.h WheelSoilWrench, of the step before the row);
//                    attribute columns (the names, comma-separated)
//   /estimator       only with the terrain file's `estimator` (robots/soil_estimation.h):
//                    rows of the soil estimator, one at the start and one per update,
//                    time, wheels (measurements in the update), nis (its normalised
//                    innovation; NaN without measurements), restarts (from the prior, so
//                    far; robots/soil_estimation.h), then per state name (logKphi n
//                    phi logK [c]) its mean, "<name>_sd" (the covariance's diagonal sd)
//                    and "<name>_true" (the soil under the first wheel, k_c moved into
//                    k_phi); attribute columns (the names, comma-separated) and
//                    state_names
//   /frames/<k>      attributes step, time; body_position (B x 3), body_orientation
//                    (B x 4); terrain_height (ny x nx, the deforming grid) with attributes
//                    x0, y0, spacing when there is one, and beside it its footprints'
//                    and ruts' terrain_permanent_depth and terrain_trace (ny x nx, the
//                    depth d <= 0 and the trace w of robots/height_grid.h); and, for ParaView through the same
//                    XDMF sidecar as DEM runs (io/run_file/xdmf_sidecar.h), the robot's bodies and
//                    the terrain surface as triangles: body_vertices, body_triangles,
//                    body_triangle_boundary (the MuJoCo body id, -1 for the terrain),
//                    body_vertex_radius; and sphere_position, empty but in a run on
//                    DEM grains (a terrain file's DEM level, docs/coupling.md), whose
//                    frames hold the grains as a DEM run's do: sphere_position,
//                    sphere_radius, sphere_velocity, sphere_owner, sphere_family and
//                    connectivity (XDMF's Polyvertex), all N rows.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace regolith {

inline constexpr const char* kRobotRunFormat = "regolith-robot-run";
inline constexpr std::int64_t kRobotRunFormatVersion = 2;  // 2: duration, end, /wheels

struct RobotRunHeader {
  std::string modelFile, terrainFile, terrainJson;
  std::string control = "none";  // e.g. "tripod period=1 stride=0.5 lift=0.6 duty=0.5 start=0.5"
  std::string version, gitRevision, startTime;
  double timeStep = 0;
  std::vector<std::string> bodyNames;
  double duration = 0;                                  // [s] requested; NaN in a file of format 1
  std::int64_t formatVersion = kRobotRunFormatVersion;  // as read
  std::string end;                                      // "" while running, or when killed; format 1: "unknown"
  double endTime = 0;                                   // [s] with end
};

// The columns of a /wheels/<body> row.
inline const std::vector<std::string>& robotWheelColumns() {
  static const std::vector<std::string> columns = {"time", "contact",      "sinkage", "slip",  "slip_angle",
                                                   "load", "drawbar_pull", "lateral", "torque"};
  return columns;
}

// True when the run says it ran to its end; `why` what it says otherwise ("killed or
// still running: no end recorded", "blow-up: ...").
bool robotRunCompleted(const RobotRunHeader& header, std::string* why = nullptr);

struct RobotBodyRow {
  std::array<double, 3> position{}, velocity{}, angularVelocity{}, force{}, moment{};
  std::array<double, 4> orientation{1, 0, 0, 0};
  double platesInContact = 0;
  double sinkage = 0;  // [m]
};

// A body's row of /series/<body> at `time` (the 22 columns: time, position,
// orientation, velocity, angular velocity, force, moment, plates in contact, sinkage).
// Inline: robots/ builds these rows in memory without linking regolith_io (which links the
// engine; docs/ARCHITECTURE.md).
inline std::vector<double> robotSeriesRow(double time, const RobotBodyRow& r) {
  std::vector<double> row = {time};
  row.insert(row.end(), r.position.begin(), r.position.end());
  row.insert(row.end(), r.orientation.begin(), r.orientation.end());
  for (const auto* v : {&r.velocity, &r.angularVelocity, &r.force, &r.moment})
    row.insert(row.end(), v->begin(), v->end());
  row.push_back(r.platesInContact);
  row.push_back(r.sinkage);
  return row;
}

struct RobotFrame {
  std::uint64_t step = 0;
  double time = 0;
  std::vector<RobotBodyRow> bodies;
  std::vector<std::array<double, 3>> vertices;  // bodies' and terrain's triangles
  std::vector<std::array<std::int32_t, 3>> triangles;
  std::vector<std::int32_t> triangleOwner;  // MuJoCo body id, -1 for the terrain
  int gridNx = 0, gridNy = 0;               // 0: no deforming grid
  double gridX0 = 0, gridY0 = 0, gridSpacing = 0;
  std::vector<double> terrainHeight;          // gridNy x gridNx
  std::vector<double> terrainPermanentDepth;  // gridNy x gridNx
  std::vector<double> terrainTrace;           // gridNy x gridNx
  // The DEM grains of a coupled run (coupling/): sphere centres [m], radii [m], velocities
  // [m/s], owners and their families; empty otherwise.
  std::vector<std::array<double, 3>> spherePosition, sphereVelocity;
  std::vector<double> sphereRadius;
  std::vector<std::int32_t> sphereOwner, sphereFamily;
  // Per sphere, the times a following bed moved its owner (docs/moving-bed.md); empty
  // while no grain has been moved.
  std::vector<std::int32_t> sphereRelocations;
};

// A robot run's header and series as stored, for `regolith metrics`/`plot`.
struct RobotRunSeries {
  RobotRunHeader header;
  std::vector<std::vector<double>> bodyRows;   // per body of header.bodyNames: n x 22, row-major
  std::vector<double> actuatorWork;            // n x 3 (time, positive, net); empty if not recorded
  std::vector<std::string> wheelNames;         // bodies of /wheels, in name order
  std::vector<std::vector<double>> wheelRows;  // per wheel: n x robotWheelColumns().size()
  std::vector<std::string> estimatorColumns;   // empty without /estimator
  std::vector<double> estimatorRows;           // n x estimatorColumns.size()
  std::vector<double> frameTimes;              // [s] of /frames, in order
};

// True when `h5Path` is a file of `regolith robot` (its /meta format), without throwing
// for DEM run files.
bool isRobotRunFile(const std::string& h5Path);
// std::runtime_error naming the file when it is not one.
RobotRunSeries readRobotRun(const std::string& h5Path);

// Frame k of a robot run: step, time, the bodies' positions and orientations, and the
// deforming grid when it has one (not the triangles for ParaView). std::out_of_range
// naming the file for a k it lacks.
RobotFrame readRobotFrame(const std::string& h5Path, std::size_t k);

class RobotRunWriter {
 public:
  // Creates (replacing) `h5Path` and, with `xmfPath`, its sidecar, rewritten every frame.
  RobotRunWriter(const std::string& h5Path, const std::string& xmfPath, const RobotRunHeader& header);
  // Continues the run file `h5Path` from a checkpoint taken at simulated time `time`, with
  // its last frame at step `lastFrameStep` (`regolith robot --resume`): series and
  // actuator-work, wheel and estimator rows after `time` and frames after that one go (what a run
  // killed after its checkpoint wrote), /meta's end is cleared and its duration set to
  // `duration`, and the sidecar is rebuilt from the frames kept. Throws std::runtime_error
  // naming the file for one that is not a robot run.
  RobotRunWriter(const std::string& h5Path, const std::string& xmfPath, double time, std::uint64_t lastFrameStep,
                 double duration);
  ~RobotRunWriter();
  void appendSeries(double time, const std::vector<RobotBodyRow>& rows);  // one per body
  void appendActuatorWork(double time, double positive, double net);      // [J] since the start
  // /wheels/<name> per wheel body, then their rows (robotWheelColumns(), one per wheel). On
  // a resumed file, the wheels it has (their rows go on).
  void createWheels(const std::vector<std::string>& bodies);
  void appendWheels(const std::vector<std::vector<double>>& rows);
  // Writes what is pending and /meta's end and end_time, then flushes: the run is over
  // ("completed", "blow-up: ...", "stopped by signal N").
  void finish(const std::string& end, double endTime);
  // /estimator with these columns (the first "time"), then its rows.
  void createEstimator(const std::vector<std::string>& columns, const std::vector<std::string>& stateNames);
  void appendEstimator(const std::vector<double>& row);
  void writeFrame(const RobotFrame& frame);  // then flushes
  std::size_t frameCount() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace regolith
