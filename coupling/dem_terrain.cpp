// A terrain file's DEM level beside MuJoCo (dem_terrain.h; docs/coupling.md).
#include "coupling/dem_terrain.h"

#include <Eigen/Geometry>
#include <chrono>
#include <cmath>
#include <algorithm>
#include <limits>

#include "core/blow_up_guard.h"
#include "core/mesh_boundaries.h"
#include "core/world_builder.h"
#include "coupling/body_mesh.h"
#include "io/json/json_pointer.h"
#include "kernels/forces/linear_spring_dashpot.h"

namespace regolith::coupling {
namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// Four significant digits: the numbers of these messages are measured or derived.
std::string numberText(double x) { return json::numberText(x, 4); }

std::string vectorText(double x, double y, double z) { return json::vectorText(x, y, z, 4); }

// The model's body names, for a problem about one it lacks.
std::string bodyList(const mjModel* m) {
  std::string names;
  for (int b = 1; b < m->nbody && b <= 12; ++b) {
    const char* name = mj_id2name(m, mjOBJ_BODY, b);
    names += (names.empty() ? "" : ", ") + std::string(name ? name : "(unnamed)");
  }
  if (m->nbody > 13) names += ", ...";
  return names.empty() ? "none but the world" : names;
}

// Whole multiples: round(interval / step) >= 1 within 1e-9 of the interval, or 0.
std::uint64_t wholeSteps(double interval, double step) {
  const double n = std::round(interval / step);
  return n >= 1 && std::fabs(n * step - interval) <= 1e-9 * interval ? std::uint64_t(n) : 0;
}

Eigen::Vector3d eigenOf(const Vec3d& v) { return {v.x, v.y, v.z}; }

// The scene's smallest grain and its material: the stiffest bed (exchange_stability.h).
BedContact bedContact(const Scene& s, const Material& bodyMaterial) {
  BedContact bed;
  bed.model = s.model.contactModel;
  bed.linearStiffness = settingsOf<LinearSpringDashpot>(s.model.contactSettings).normalStiffness;
  const StateArrays& a = s.initial;
  std::size_t smallest = 0;
  for (std::size_t i = 1; i < a.sphereRadius.size(); ++i)
    if (a.sphereRadius[i] < a.sphereRadius[smallest]) smallest = i;
  if (a.sphereRadius.empty()) return bed;
  bed.grainRadius = a.sphereRadius[smallest];
  bed.effectiveYoung = effectiveYoung(bodyMaterial, s.model.materials[std::size_t(a.sphereMaterial[smallest])]);
  return bed;
}

}  // namespace

DemTerrain::DemTerrain(const mjModel* m, mjData* d, const robots::TerrainSpec& terrain,
                       std::vector<std::string>* warnings) {
  const robots::DemSpec& dem = terrain.dem.value();
  std::vector<JsonProblem> problems;
  const auto requireNone = [&] {
    if (!problems.empty()) throw robots::TerrainError(terrain.file, problems);
  };
  std::vector<int> ids;
  for (const robots::DemBodySpec& b : dem.bodies) {
    const int id = mj_name2id(m, mjOBJ_BODY, b.body.c_str());
    if (id <= 0) problems.push_back({b.pointer + "/body", quoted(b.body), "a body of the model (" + bodyList(m) + ")"});
    ids.push_back(id);
  }
  std::vector<std::string> names;  // a following bed may track one of them
  for (const robots::DemBodySpec& b : dem.bodies) names.push_back(b.body);
  try {
    m_scene = dem.sceneFile.empty() ? parseScene(dem.sceneText, terrain.file + " /dem/scene", dem.sceneBaseDir, names)
                                    : loadScene(dem.sceneFile, {}, names);
  } catch (const std::exception& e) {
    // The scene's own problems, one per line there, joined here into the one line of ours.
    std::string why = e.what();
    for (std::size_t at = why.find('\n'); at != std::string::npos; at = why.find('\n', at)) why.replace(at, 1, "; ");
    problems.push_back({"/dem/scene", dem.sceneFile.empty() ? "an inline scene that does not load" : dem.sceneFile,
                        "a DEM scene that loads (regolith check): " + why});
  }
  requireNone();
  for (const std::string& w : m_scene.warnings)
    if (warnings) warnings->push_back("DEM scene: " + w);

  // The bodies' material.
  Index material = 0;
  if (!dem.material.empty()) {
    material = -1;
    std::string names;
    for (std::size_t i = 0; i < m_scene.model.materials.size(); ++i) {
      names += (names.empty() ? "" : ", ") + m_scene.model.materials[i].name;
      if (m_scene.model.materials[i].name == dem.material) material = Index(i);
    }
    if (material < 0)
      problems.push_back({"/dem/material", quoted(dem.material), "a material of the scene (" + names + ")"});
  }
  // One gravity for both: the grains settle under the scene's, the robot moves under MuJoCo's.
  const Vec3 g = m_scene.model.gravity;
  const double gScale = std::sqrt(double(g.x * g.x + g.y * g.y + g.z * g.z)) + 1e-12;
  if (std::fabs(g.x - m->opt.gravity[0]) + std::fabs(g.y - m->opt.gravity[1]) + std::fabs(g.z - m->opt.gravity[2]) >
      1e-6 * gScale)
    problems.push_back({"/dem/scene", "gravity " + vectorText(g.x, g.y, g.z) + " m/s^2 in the DEM scene",
                        "MuJoCo's gravity " + vectorText(m->opt.gravity[0], m->opt.gravity[1], m->opt.gravity[2]) +
                            " (the terrain file's \"gravity\", or the MJCF's): the same in both"});
  // The interval: whole MuJoCo steps and whole DEM steps.
  m_interval = dem.interval > 0 ? dem.interval : m->opt.timestep;
  const std::string intervalPointer = dem.interval > 0 ? "/dem/exchange/interval" : "/dem/exchange";
  const std::uint64_t mujocoSteps = wholeSteps(m_interval, m->opt.timestep);
  m_demSteps = wholeSteps(m_interval, m_scene.model.timeStep);
  if (mujocoSteps == 0)
    problems.push_back({intervalPointer, numberText(m_interval) + " s",
                        "a whole number of MuJoCo steps of " + numberText(m->opt.timestep) + " s"});
  if (m_demSteps == 0)
    problems.push_back({intervalPointer, "an interval of " + numberText(m_interval) + " s",
                        "a whole number of the DEM scene's steps of " + numberText(m_scene.model.timeStep) +
                            " s (set /dem/exchange/interval to a common multiple of both time steps)"});
  m_mujocoSteps = int(mujocoSteps);
  requireNone();

  // The bodies, at their poses in d.
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_comVel(m, d);
  const Material& bodyMaterial = m_scene.model.materials[std::size_t(material)];
  const BedContact bed = bedContact(m_scene, bodyMaterial);
  const double gravity = std::sqrt(mju_dot3(m->opt.gravity, m->opt.gravity));
  const double load = gravity * m->body_subtreemass[0] / double(dem.bodies.size());  // each body's share
  WorldBuilder world(std::move(m_scene.initial));
  for (std::size_t i = 0; i < dem.bodies.size(); ++i) {
    const robots::DemBodySpec& spec = dem.bodies[i];
    const int id = ids[i];
    TriangleMesh mesh;
    try {
      mesh = demBodyMesh(m, d, id, spec.meshFile, spec.resolution);
    } catch (const std::exception& e) {
      problems.push_back({spec.pointer + "/mesh", spec.meshFile, std::string("a mesh file that reads: ") + e.what()});
      continue;
    }
    if (mesh.triangles.empty()) {
      problems.push_back({spec.pointer + "/body",
                          quoted(spec.body) + ", a body without geoms (planes and height "
                                              "fields do not count)",
                          "a body with collision geometry, or a mesh file in \"mesh\""});
      continue;
    }
    try {
      const MeshReport report = checkMesh(mesh, terrain.file + " " + spec.pointer);
      if (warnings)
        for (const std::string& w : report.warnings) warnings->push_back(w);
    } catch (const std::exception& e) {
      problems.push_back({spec.pointer, quoted(spec.body) + "'s mesh", std::string("a usable mesh: ") + e.what()});
      continue;
    }
    if (!(m->body_mass[id] > 0)) {
      problems.push_back({spec.pointer + "/body", quoted(spec.body) + " of mass " + numberText(m->body_mass[id]),
                          "a body with mass (the grains' wrench accelerates it)"});
      continue;
    }
    CoupledBody body;
    body.body = id;
    body.name = spec.body;
    body.bound = exchangeStabilityBound(m, d, id, mesh, bed, load);
    if (m_interval > dem.stabilityMargin * body.bound.interval) {
      const StabilityBound& s = body.bound;
      const std::string found = numberText(m_interval) + " s, past " + numberText(dem.stabilityMargin) +
                                " x the stability bound " + numberText(s.interval) + " s of body " + quoted(spec.body) +
                                " (effective mass " + numberText(s.effectiveMass) + " kg, inertia " +
                                numberText(s.effectiveInertia) + " kg m^2, footprint radius of gyration " +
                                numberText(s.reach) + " m; bed stiffness " + numberText(s.stiffness) + " N/m from " +
                                numberText(s.contacts) + " grain contacts carrying " + numberText(s.load) + " N)";
      const std::string expected =
          "an exchange interval of at most " + numberText(dem.stabilityMargin * s.interval) +
          " s (docs/coupling.md, \"Stability\"): lower the MJCF's <option timestep> or /dem/exchange/interval, or "
          "use softer grains, or set /dem/exchange/stability to \"warn\"";
      if (dem.refuseUnstable) problems.push_back({intervalPointer, found, expected});
      else if (warnings) warnings->push_back(terrain.file + ": " + intervalPointer + ": " + found + "; " + expected);
    }
    mjtNum quat[4];
    mju_mat2Quat(quat, d->ximat + 9 * id);
    mjtNum twist[6];
    mj_objectVelocity(m, d, mjOBJ_BODY, id, twist, 0);
    body.owner = world.addBody(
        m->body_mass[id], Vec3d(m->body_inertia[3 * id], m->body_inertia[3 * id + 1], m->body_inertia[3 * id + 2]),
        Vec3d(d->xipos[3 * id], d->xipos[3 * id + 1], d->xipos[3 * id + 2]), Quat(quat[0], quat[1], quat[2], quat[3]),
        Vec3d(twist[3], twist[4], twist[5]), Vec3d(twist[0], twist[1], twist[2]), 0);
    // The mesh in the owner's frame, for the sinkage: R^T (v - x) with R the owner's
    // orientation (its principal frame, MuJoCo's ximat) and x its centre of mass.
    const Quat ownerOrientation(quat[0], quat[1], quat[2], quat[3]);
    const Vec3d centre(d->xipos[3 * id], d->xipos[3 * id + 1], d->xipos[3 * id + 2]);
    for (const Vec3d& v : mesh.vertices) body.localVertices.push_back(rotateInverse(ownerOrientation, v - centre));
    m_scene.ownerTemplate.push_back(-1);
    const std::vector<std::size_t> triangles = appendMeshBoundaries(m_scene.model, mesh, material, body.owner);
    body.boundaryBegin = triangles.front();
    body.boundaryEnd = triangles.back() + 1;
    m_scene.bodies.push_back(SceneBody{spec.body, body.owner, triangles,
                                       Vec3d(d->xipos[3 * id], d->xipos[3 * id + 1], d->xipos[3 * id + 2])});
    m_bodies.push_back(std::move(body));
  }
  m_scene.initial = world.take();
  requireNone();
  if (m_scene.coupledFollow) {
    // The scene's following bed tracks one of our bodies: checked now that it is an owner.
    const std::string& name = m_scene.coupledFollow->body;
    const auto followed = std::find_if(m_bodies.begin(), m_bodies.end(),
                                       [&](const CoupledBody& b) { return b.name == name; });
    if (std::optional<SceneProblem> p = finishCoupledFollow(m_scene, m_scene.initial, followed->owner))
      problems.push_back({dem.sceneFile.empty() ? "/dem/scene" + p->pointer : "/dem/scene",
                          dem.sceneFile.empty() ? p->found : dem.sceneFile + ": " + p->pointer + ": " + p->found,
                          p->expected});
    requireNone();
  }
  const StateArrays& grains = m_scene.initial;
  m_bedTop = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < grains.sphereCount(); ++i) {
    const std::size_t o = std::size_t(grains.sphereOwner[i]);
    const Vec3d centre = grains.ownerPosition[o] + rotate(grains.ownerOrientation[o], Vec3d(grains.sphereOffset[i]));
    m_bedTop = std::max(m_bedTop, centre.z + double(grains.sphereRadius[i]));
  }
  try {
    m_sim = std::make_unique<Simulation>(m_scene.model, m_scene.initial);
  } catch (const std::exception& e) {
    throw robots::TerrainError(terrain.file, {{"/dem/scene", "a scene the engine refuses with the bodies added",
                                               std::string("a scene the engine starts: ") + e.what()}});
  }
  std::vector<Index> owners;
  for (const CoupledBody& b : m_bodies) owners.push_back(b.owner);
  m_sim->trackOwners(owners);
  const std::vector<Simulation::TrackedOwner> start = m_sim->takeTrackedOwners();
  for (std::size_t i = 0; i < m_bodies.size(); ++i) m_bodies[i].dem = start[i];
}

void DemTerrain::advance(const mjModel* m, mjData* d) {
  if (m_stepsIntoInterval == 0) exchange(m, d);
  m_stepsIntoInterval = (m_stepsIntoInterval + 1) % m_mujocoSteps;
}

void DemTerrain::exchange(const mjModel* m, mjData* d) {
  const Clock::time_point t0 = Clock::now();
  // MuJoCo's poses and twists at the step's start, as mj_step will compute them.
  mj_kinematics(m, d);
  mj_comPos(m, d);
  mj_comVel(m, d);
  for (CoupledBody& b : m_bodies) {
    const int id = b.body;
    const Eigen::Vector3d x(d->xipos + 3 * id);
    const Eigen::Matrix3d rotation = Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(d->ximat + 9 * id);
    mjtNum twist[6];
    mj_objectVelocity(m, d, mjOBJ_BODY, id, twist, 0);
    // The DEM body's own pose now; the velocity that closes the gap to MuJoCo's over the
    // interval, on top of MuJoCo's own (dem_terrain.h).
    const Eigen::Quaterniond q(b.dem.orientation.w, b.dem.orientation.x, b.dem.orientation.y, b.dem.orientation.z);
    const Eigen::AngleAxisd gap(rotation * q.normalized().toRotationMatrix().transpose());
    const Eigen::Vector3d v = Eigen::Vector3d(twist[3], twist[4], twist[5]) +
                              (x - eigenOf(b.dem.position)) / m_interval;
    const Eigen::Vector3d w = Eigen::Vector3d(twist[0], twist[1], twist[2]) + gap.axis() * (gap.angle() / m_interval);
    m_sim->prescribeOwnerVelocity(b.owner, Vec3d(v.x(), v.y(), v.z()), Vec3d(w.x(), w.y(), w.z()));
  }
  const Clock::time_point t1 = Clock::now();
  // The interval whole, whatever a signal asks meanwhile: an interval cut short would hand
  // MuJoCo a mean over fewer steps and leave a state no checkpoint can continue exactly
  // (the robot command stops between MuJoCo steps).
  m_sim->step(m_demSteps, /*stoppable=*/false);
  const Clock::time_point t2 = Clock::now();
  const std::vector<Simulation::TrackedOwner> readings = m_sim->takeTrackedOwners();
  for (std::size_t i = 0; i < m_bodies.size(); ++i) {
    CoupledBody& b = m_bodies[i];
    b.dem = readings[i];
    b.force = eigenOf(readings[i].force);
    b.moment = eigenOf(readings[i].torque);
    if (!b.force.allFinite() || !b.moment.allFinite())
      throw BlowUpError(m_sim->stepCount(), "the grains' wrench on body \"" + b.name +
                                                "\" is not finite (a smaller exchange interval or DEM time step "
                                                "may help)");
  }
  m_demSeconds += seconds(t1, t2);
  m_exchangeSeconds += seconds(t0, t1) + seconds(t2, Clock::now());
}

void DemTerrain::apply(const mjModel* m, mjData* d) {
  for (const CoupledBody& b : m_bodies) {
    mjtNum force[3] = {b.force.x(), b.force.y(), b.force.z()}, moment[3] = {b.moment.x(), b.moment.y(), b.moment.z()};
    mj_applyFT(m, d, force, moment, d->xipos + 3 * b.body, b.body, d->qfrc_passive);
  }
}

DemTerrain::State DemTerrain::saveState() const {
  State s;
  s.engine = m_sim->saveState();
  s.stepsIntoInterval = std::uint64_t(m_stepsIntoInterval);
  for (const CoupledBody& b : m_bodies) {
    const Simulation::TrackedOwner& r = b.dem;
    s.bodies.insert(s.bodies.end(), {b.force.x(), b.force.y(), b.force.z(), b.moment.x(), b.moment.y(), b.moment.z(),
                                     r.position.x, r.position.y, r.position.z, r.orientation.w, r.orientation.x,
                                     r.orientation.y, r.orientation.z, r.velocity.x, r.velocity.y, r.velocity.z,
                                     r.angularVelocity.x, r.angularVelocity.y, r.angularVelocity.z});
  }
  return s;
}

void DemTerrain::restoreState(const State& s) {
  constexpr std::size_t kColumns = 19;
  if (s.bodies.size() != kColumns * m_bodies.size())
    throw std::invalid_argument("the saved coupling has " + std::to_string(s.bodies.size() / kColumns) +
                                " bodies, this terrain " + std::to_string(m_bodies.size()));
  if (s.stepsIntoInterval >= std::uint64_t(m_mujocoSteps))
    throw std::invalid_argument("the saved coupling is " + std::to_string(s.stepsIntoInterval) +
                                " MuJoCo steps into an interval of " + std::to_string(m_mujocoSteps));
  m_sim->restoreState(s.engine);
  for (std::size_t i = 0; i < m_bodies.size(); ++i) {
    const double* v = s.bodies.data() + kColumns * i;
    CoupledBody& b = m_bodies[i];
    b.force = Eigen::Vector3d(v[0], v[1], v[2]);
    b.moment = Eigen::Vector3d(v[3], v[4], v[5]);
    b.dem.position = Vec3d(v[6], v[7], v[8]);
    b.dem.orientation = Quat(v[9], v[10], v[11], v[12]);
    b.dem.velocity = Vec3d(v[13], v[14], v[15]);
    b.dem.angularVelocity = Vec3d(v[16], v[17], v[18]);
  }
  m_stepsIntoInterval = int(s.stepsIntoInterval);
}

std::vector<robots::ExternalWrench> DemTerrain::wrenches() const {
  std::vector<robots::ExternalWrench> out;
  const std::vector<WallContact> touching = m_sim->wallContacts();
  for (const CoupledBody& b : m_bodies) {
    robots::ExternalWrench w;
    w.body = b.body;
    w.force = b.force;
    w.moment = b.moment;
    for (const WallContact& c : touching)
      if (std::size_t(c.boundary) >= b.boundaryBegin && std::size_t(c.boundary) < b.boundaryEnd) ++w.contacts;
    double lowest = std::numeric_limits<double>::infinity();
    for (const Vec3d& v : b.localVertices) lowest = std::min(lowest, (b.dem.position + rotate(b.dem.orientation, v)).z);
    w.sinkage = std::isfinite(m_bedTop) ? std::max(0.0, m_bedTop - lowest) : 0.0;
    out.push_back(w);
  }
  return out;
}

std::vector<int> DemTerrain::bodyIds() const {
  std::vector<int> ids;
  for (const CoupledBody& b : m_bodies) ids.push_back(b.body);
  return ids;
}

}  // namespace regolith::coupling
