// Loading, stepping and sampling a robot on terrain (robot_simulation.h).
#include "robots/robot_simulation.h"

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

#include "robots/geom_plates.h"
#include "robots/mjcf_load.h"
#include "robots/mujoco_warnings.h"

namespace regolith::robots {

RobotSimulation::RobotSimulation(const std::string& mjcfPath, const TerrainSpec& terrain) {
  installWarningRecorder();
  m_model = loadMjcf(mjcfPath);
  try {
    applyTerrainOptions(m_model, terrain);
    m_data = mj_makeData(m_model);
    // The model's first keyframe, if it has one, is the initial state (positions,
    // velocities, controls): how an MJCF starts a body already moving, e.g. a ring spinning.
    if (m_model->nkey > 0) mj_resetDataKeyframe(m_model, m_data, 0);
    m_forces = std::make_unique<TerrainForces>(m_model, terrain);
    m_wheels = std::make_unique<WheelTerrainForces>(m_model, terrain, m_forces->surface());
    m_sources.add(*m_forces);
    m_sources.add(*m_wheels);
    if (terrain.estimator) m_estimation = std::make_unique<WheelSoilEstimation>(terrain);
    m_hook = std::make_unique<PassiveHook>(m_model, m_data, m_sources);
  } catch (...) {
    if (m_data) mj_deleteData(m_data);
    mj_deleteModel(m_model);
    throw;
  }
}

RobotSimulation::~RobotSimulation() {
  m_hook.reset();  // unregistered before the model and data go
  m_external.reset();
  mj_deleteData(m_data);
  mj_deleteModel(m_model);
}

void RobotSimulation::attachTerrain(std::unique_ptr<ExternalTerrain> terrain) {
  if (m_external) throw std::logic_error("RobotSimulation::attachTerrain: a terrain is attached already");
  m_external = std::move(terrain);
  m_sources.add(*m_external);
}

void RobotSimulation::step() {
  // The state before the step, put back if MuJoCo resets it (mujoco_warnings.h): the
  // caller's post-mortem then shows the last good state, not the model's initial one.
  const StepCheck before = StepCheck::of(m_data);
  m_saved.assign(m_data->qpos, m_data->qpos + m_model->nq);
  m_saved.insert(m_saved.end(), m_data->qvel, m_data->qvel + m_model->nv);
  m_saved.insert(m_saved.end(), m_data->act, m_data->act + m_model->na);
  takeWarningMessages();  // what earlier steps or other code on this thread left
  if (m_controller) m_controller->apply(m_model, m_data);
  if (m_external) m_external->advance(m_model, m_data);
  mj_step(m_model, m_data);
  const std::vector<std::string> messages = takeWarningMessages();
  std::string warning, subject, message;
  if (stepBlewUp(m_model, m_data, before, messages, warning, subject, message)) {
    std::copy_n(m_saved.begin(), m_model->nq, m_data->qpos);
    std::copy_n(m_saved.begin() + m_model->nq, m_model->nv, m_data->qvel);
    std::copy_n(m_saved.begin() + m_model->nq + m_model->nv, m_model->na, m_data->act);
    m_data->time = before.time;
    throw MujocoBlowUp(before.time, warning, subject, message);
  }
  // Warnings that change nothing (a near-singular inertia, a full contact list): kept for
  // the caller to report, each kind once.
  for (const std::string& text : messages)
    if (m_notes.size() < 8 && std::find(m_noted.begin(), m_noted.end(), text.substr(0, 24)) == m_noted.end()) {
      m_noted.push_back(text.substr(0, 24));
      m_notes.push_back(text);
    }
  if (m_estimation) m_estimation->observe(*m_wheels);
}

std::vector<std::string> RobotSimulation::takeNotes() { return std::exchange(m_notes, {}); }

std::vector<std::string> RobotSimulation::bodyNames() const {
  std::vector<std::string> names;
  for (int b = 1; b < m_model->nbody; ++b) {
    const char* name = mj_id2name(m_model, mjOBJ_BODY, b);
    names.push_back(name && name[0] ? name : "body" + std::to_string(b));
  }
  return names;
}

std::vector<BodySample> RobotSimulation::sample() {
  mj_kinematics(m_model, m_data);
  mj_comPos(m_model, m_data);
  mj_comVel(m_model, m_data);
  std::vector<BodySample> out(m_model->nbody - 1);
  for (int b = 1; b < m_model->nbody; ++b) {
    BodySample& s = out[b - 1];
    s.position = Eigen::Vector3d(m_data->xpos + 3 * b);
    s.orientation = Eigen::Vector4d(m_data->xquat + 4 * b);
    double twist[6];
    mj_objectVelocity(m_model, m_data, mjOBJ_BODY, b, twist, 0);
    s.angularVelocity = Eigen::Vector3d(twist[0], twist[1], twist[2]);
    s.velocity = Eigen::Vector3d(twist[3], twist[4], twist[5]);
  }
  for (const BodyWrench& w : m_forces->wrenches()) {
    BodySample& s = out[w.body - 1];
    s.terrainForce = w.force;
    s.terrainMoment = w.moment;
    s.platesInContact = static_cast<int>(w.platesInContact);
    s.sinkage = w.sinkage;
  }
  // A wheel's wrench acts at its centre (the body frame's origin); samples carry moments
  // about the centre of mass.
  for (const WheelTerrainForces::Wheel& w : m_wheels->wheels()) {
    BodySample& s = out[w.body - 1];
    const Eigen::Vector3d arm = s.position - Eigen::Vector3d(m_data->xipos + 3 * w.body);
    s.terrainForce += w.last.force;
    s.terrainMoment += w.last.moment + arm.cross(w.last.force);
    s.sinkage = std::max(s.sinkage, w.last.sinkage);
  }
  if (m_external)
    for (const ExternalWrench& w : m_external->wrenches()) {
      BodySample& s = out[w.body - 1];
      s.terrainForce += w.force;
      s.terrainMoment += w.moment;
      s.platesInContact += w.contacts;
      s.sinkage = std::max(s.sinkage, w.sinkage);
    }
  return out;
}

bool RobotSimulation::finite() const {
  for (int i = 0; i < m_model->nq; ++i)
    if (!std::isfinite(m_data->qpos[i])) return false;
  for (int i = 0; i < m_model->nv; ++i)
    if (!std::isfinite(m_data->qvel[i])) return false;
  return true;
}

WorldMesh RobotSimulation::bodyMesh(double density) const {
  WorldMesh mesh;
  std::vector<bool> interacting(m_model->nbody, false);
  for (const BodyWrench& w : m_forces->wrenches()) interacting[w.body] = true;
  for (const WheelTerrainForces::Wheel& w : m_wheels->wheels()) interacting[w.body] = true;
  if (m_external)
    for (const int body : m_external->bodyIds()) interacting[body] = true;
  for (int g = 0; g < m_model->ngeom; ++g) {
    const int body = m_model->geom_bodyid[g], type = m_model->geom_type[g];
    if (!interacting[body] || type == mjGEOM_PLANE || type == mjGEOM_HFIELD) continue;
    const rft::TriangleMesh local = geomTriangles(m_model, g, density);
    const Eigen::Matrix3d rotation = Eigen::Map<const Eigen::Matrix3d>(m_data->geom_xmat + 9 * g).transpose();
    const Eigen::Vector3d position(m_data->geom_xpos + 3 * g);
    const int base = static_cast<int>(mesh.vertices.size());
    for (const Eigen::Vector3d& v : local.vertices) mesh.vertices.push_back(rotation * v + position);
    for (const auto& t : local.triangles) {
      mesh.triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
      mesh.owner.push_back(body);
    }
  }
  return mesh;
}

}  // namespace regolith::robots
