// The terrain file of `regolith robot` (robots/terrain.schema.json, docs/robots.md): the
// sand surface, the soil's RFT parameters, the MuJoCo bodies or geoms that feel the sand,
// force smoothing, the optional dynamic term, gravity and the deforming surface.
//
// Read like a scene file (scenes/loader.cpp): the JSON is checked against the schema, then
// for meaning (files it names, extents), and every problem is reported at once, each with
// the file, its JSON pointer, what was found and what was expected (TerrainError). Names
// of bodies and geoms are checked against the MuJoCo model later (terrain_forces.h), with
// the same kind of problems.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "io/json/json_problem.h"
#include "kernels/backend/input_error.h"
#include "models/bekker/rigid_wheel.h"
#include "models/bekker/soil_parameters.h"
#include "models/rft/rft_model.h"
#include "robots/regression_wheel.h"

namespace regolith::robots {

struct SurfaceSpec {
  enum class Kind { Flat, Slope, HeightMap };
  Kind kind = Kind::Flat;
  double height = 0;          // [m] flat height; a slope's height at the origin
  double slopeAngle = 0;      // [rad]: the surface rises by tan(angle) per metre along
  double slopeDirection = 0;  // [rad] this direction, measured from world x towards y
  // height_map: nodes (x0 + i spacing, y0 + j spacing), heights[j nx + i]
  double x0 = 0, y0 = 0, spacing = 0;
  int nx = 0, ny = 0;
  std::vector<double> heights;
};

struct InteractingSpec {
  std::string name;
  bool isBody = true;           // a body (all its geoms) or one geom
  double plateDensity = 20000;  // [plates/m^2] for primitives (about 7 mm plates)
  std::string pointer;          // where it was named, for problems
};

// A body that is a wheel on Bekker-Wong soil (wheel_contact.h). Its body frame's origin is
// the wheel's centre; `axle` is in that frame.
struct WheelSpec {
  std::string body;
  Eigen::Vector3d axle = Eigen::Vector3d::UnitY();
  bekker::Wheel wheel;
  bekker::SoilParameters soil;
  bekker::StressShape shape;
  double restSpeed = 1e-3;                         // [m/s]
  double dampingRatio = 1;                         // of the normal damping (wheel_contact.h)
  double grouserHeight = 0;                        // [m], the rut's pattern (wheel_rut.h)
  double tableSinkageStep = 0, tableSlipStep = 0;  // the force table's (wheel_force_table.h); 0: none
  // A regression wheel (regression_wheel.h) instead of Bekker-Wong soil: its model (from
  // the file, resolved against the terrain file's folder), reference load [N], latch speed.
  std::optional<RegressionWheelModel> regression;
  double referenceLoad = 0;
  double minSpeed = 0.01;
  int grouserCount = 0;
  std::string pointer;  // of its "body", for problems
};

// A region of the ground whose Bekker-Wong soil replaces the wheels' own (docs/robots.md,
// "Soil by region"): a wheel whose rim's lowest point lies in [xMin, xMax] x [yMin, yMax]
// (world, m) runs on `soil`, the first region containing it winning. The wheel keeps its
// geometry and stress shape.
struct SoilRegionSpec {
  double xMin = 0, xMax = 0, yMin = 0, yMax = 0;
  bekker::SoilParameters soil;
  std::string pointer;  // of the region, for problems
};

// The soil estimator run beside the wheels (robots/soil_estimation.h, docs/robots.md,
// "Soil estimation"). Standard deviations are in the filter's state coordinates
// (models/bekker/soil_estimator.h): log k_phi, n, phi [rad], log K, c [Pa].
struct EstimatorSpec {
  bekker::SoilParameters prior;
  Eigen::Matrix<double, 5, 1> priorSd = (Eigen::Matrix<double, 5, 1>() << 1.0, 0.3, 0.15, 1.0, 1000).finished();
  Eigen::Matrix<double, 5, 1> processSd =
      (Eigen::Matrix<double, 5, 1>() << 0.02, 0.005, 0.003, 0.02, 20).finished();  // per update
  double loadSd = 0, torqueSd = 0;                                                 // measurement [N], [N m]
  int every = 20;                                                                  // MuJoCo steps per update
  bool estimateCohesion = false;
  double restartNis = 10;  // restart from the prior when NIS > this x degrees of freedom; 0 never
  bool noise = true;       // add Gaussian noise of the measurement sd to the wheels' readings
  std::uint64_t seed = 1;
  std::string pointer = "/estimator";
};

struct DeformationSpec {
  bool enabled = false;
  double spacing = 0.005;                                   // [m]
  double xMin = -0.5, yMin = -0.5, xMax = 0.5, yMax = 0.5;  // [m]
  double reposeAngle = 0.558505360638185;                   // [rad], 32 degrees
};

// The DEM level (docs/coupling.md; coupling/ builds and runs it): the named bodies stand on
// the grains of a DEM scene, their motion handed to the engine and the grains' wrench back
// once per exchange interval. robots/ reads it and runs the coupling through
// ExternalTerrain (external_terrain.h) without knowing the engine.
struct DemBodySpec {
  std::string body;
  std::string meshFile;       // "" ("collision"): the body's own geoms; else a mesh file in the body frame
  double resolution = 0.005;  // [m] edge of the triangles of tessellated primitives
  std::string pointer;        // of the entry, for problems
};

struct DemSpec {
  std::string sceneFile;     // the scene file, resolved; "" for a scene given inline
  std::string sceneText;     // the inline scene (JSON); "" for a file
  std::string sceneBaseDir;  // where an inline scene's relative paths start (the terrain file's folder)
  std::string material;      // the bodies' DEM material; "" for the scene's first
  std::vector<DemBodySpec> bodies;
  double interval = 0;           // [s] exchange interval; 0: the MuJoCo time step
  bool refuseUnstable = true;    // "stability": "refuse" (the default) or "warn"
  double stabilityMargin = 0.5;  // the interval may be at most this fraction of the stability bound
};

struct TerrainSpec;
// The smoothing factor a body's RFT wrench gets per step of dt [s]: kappa_F as given, or,
// with tau_F, 1 - exp(-dt / tau_F), the exponential filter of time constant tau_F whatever
// the step (examples/robots/hexapod/README.md, "Time step and integrator", says why).
double smoothingKappa(const TerrainSpec& spec, double dt);

struct TerrainSpec {
  std::string file;
  SurfaceSpec surface;
  rft::RftParameters rft;  // zeta, coefficients, dynamic term
  std::vector<InteractingSpec> interacting;
  std::vector<WheelSpec> wheels;
  double kappa = 1;                        // force smoothing kappa_F per step; 1 is none
  std::optional<double> smoothingTime;     // tau_F [s]: the smoothing as a time, kappa from the step
  double restSpeed = 1e-3;                 // [m/s] below it a plate keeps its last direction
  std::optional<Eigen::Vector3d> gravity;  // unset: the MuJoCo model's own
  DeformationSpec deformation;
  std::vector<SoilRegionSpec> soilRegions;  // override the wheels' soil where they lie
  std::optional<EstimatorSpec> estimator;
  std::optional<DemSpec> dem;  // bodies on DEM grains (coupling/)
  // MuJoCo's own contacts (false: its contact pass is off, mjDSBL_CONTACT, and the terrain
  // file's levels are the only ground): one MJCF with a floor for the rigid level serves
  // every other level too.
  bool mujocoContacts = true;
};

class TerrainError : public InvalidInputError {
 public:
  TerrainError(std::string file, std::vector<JsonProblem> problems);
  const std::string& file() const { return m_file; }
  const std::vector<JsonProblem>& problems() const { return m_problems; }

 private:
  std::string m_file;
  std::vector<JsonProblem> m_problems;
};

// Soil presets: zeta of the RFT-SiM paper's sands with the generic coefficients.
struct SoilPreset {
  const char* name;
  double zetaNPerCm3;
};
const std::vector<SoilPreset>& soilPresets();

// The schema (share/regolith/terrain.schema.json, or $REGOLITH_TERRAIN_SCHEMA).
std::string terrainSchemaPath();

// `text` as a terrain file named `file`; relative paths inside it are taken from
// `baseDir`. Throws TerrainError with every problem found.
TerrainSpec parseTerrain(const std::string& text, const std::string& file, const std::string& baseDir);

// The text of the file at `path` with `overrides` ("POINTER=VALUE", as `regolith run
// --set`) applied (the file's own text when there are none): what a run records as its
// terrain. Throws TerrainError for an unreadable file or a bad override.
std::string terrainTextAsRun(const std::string& path, const std::vector<std::string>& overrides);

// The file at `path` with `overrides` applied (terrainTextAsRun), parsed.
TerrainSpec loadTerrain(const std::string& path, const std::vector<std::string>& overrides = {});

// "file: pointer: found F, expected E", one line per problem.
std::string describeProblems(const std::string& file, const std::vector<JsonProblem>& problems);

}  // namespace regolith::robots
