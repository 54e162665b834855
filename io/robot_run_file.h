// DIR/run.h5 and DIR/run.xmf of `regolith robot` (docs/robots.md): a MuJoCo model on
// granular terrain, written frame by frame and flushed like a DEM run's file.
//
//   /meta            attributes format = "regolith-robot-run", format_version, version,
//                    git_revision, start_time, time_step, model_file, terrain_file,
//                    control (the control file, or the gait and its parameters, or
//                    "none");
//                    datasets terrain_json (the terrain file as run), body_names
//   /series/<body>   rows of 22 numbers: time, x y z, qw qx qy qz, vx vy vz, wx wy wz,
//                    fx fy fz (terrain force), mx my mz (terrain moment about the centre of
//                    mass), plates in contact, sinkage (its deepest plate's depth [m])
//   /actuator_work   rows of 3 beside the series: time, the actuators' positive work and
//                    their net work [J] since the start (sum over actuators of force x
//                    velocity x dt each step); absent in files written before it
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
//                    XDMF sidecar as DEM runs (io/xdmf_sidecar.h), the robot's bodies and
//                    the terrain surface as triangles: body_vertices, body_triangles,
//                    body_triangle_boundary (the MuJoCo body id, -1 for the terrain),
//                    body_vertex_radius, and an empty sphere_position.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace regolith {

inline constexpr const char* kRobotRunFormat = "regolith-robot-run";
inline constexpr std::int64_t kRobotRunFormatVersion = 1;

struct RobotRunHeader {
  std::string modelFile, terrainFile, terrainJson;
  std::string control = "none";  // e.g. "tripod period=1 stride=0.5 lift=0.6 duty=0.5 start=0.5"
  std::string version, gitRevision, startTime;
  double timeStep = 0;
  std::vector<std::string> bodyNames;
};

struct RobotBodyRow {
  std::array<double, 3> position{}, velocity{}, angularVelocity{}, force{}, moment{};
  std::array<double, 4> orientation{1, 0, 0, 0};
  double platesInContact = 0;
  double sinkage = 0;  // [m]
};

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
};

// A robot run's header and series as stored, for `regolith metrics`/`plot`.
struct RobotRunSeries {
  RobotRunHeader header;
  std::vector<std::vector<double>> bodyRows;  // per body of header.bodyNames: n x 22, row-major
  std::vector<double> actuatorWork;           // n x 3 (time, positive, net); empty if not recorded
  std::vector<std::string> estimatorColumns;  // empty without /estimator
  std::vector<double> estimatorRows;          // n x estimatorColumns.size()
};

// True when `h5Path` is a file of `regolith robot` (its /meta format), without throwing
// for DEM run files.
bool isRobotRunFile(const std::string& h5Path);
// std::runtime_error naming the file when it is not one.
RobotRunSeries readRobotRun(const std::string& h5Path);

class RobotRunWriter {
 public:
  // Creates (replacing) `h5Path` and, with `xmfPath`, its sidecar, rewritten every frame.
  RobotRunWriter(const std::string& h5Path, const std::string& xmfPath, const RobotRunHeader& header);
  ~RobotRunWriter();
  void appendSeries(double time, const std::vector<RobotBodyRow>& rows);  // one per body
  void appendActuatorWork(double time, double positive, double net);      // [J] since the start
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
