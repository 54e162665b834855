// Plates from MuJoCo poses, RFT per plate, wrenches into qfrc_passive (terrain_forces.h).
#include "robots/terrain_forces.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include "io/json_pointer.h"
#include "robots/geom_plates.h"

namespace regolith::robots {
namespace {

// Body b's plates from one interacting entry; problems go to `problems`. `taken` marks
// the geoms earlier entries named: a geom named twice (its body and itself) would feel
// the sand twice.
void collectPlates(const mjModel* m, const InteractingSpec& e, int geom, std::vector<rft::Plate>& plates,
                   std::vector<JsonProblem>& problems, std::vector<bool>& taken) {
  if (taken[geom]) {
    const char* name = mj_id2name(m, mjOBJ_GEOM, geom);
    problems.push_back({e.pointer,
                        "\"" + e.name + "\", whose geom " +
                            (name ? "\"" + std::string(name) + "\"" : std::to_string(geom)) +
                            " an earlier entry already names",
                        "each geom named once (by its body or by itself)"});
    return;
  }
  taken[geom] = true;
  const int type = m->geom_type[geom];
  if (type == mjGEOM_PLANE || type == mjGEOM_HFIELD) {
    problems.push_back({e.pointer, "\"" + e.name + "\", a " + geomTypeName(type) + " geom",
                        "a box, sphere, capsule, cylinder, ellipsoid or mesh geom"});
    return;
  }
  try {
    const std::vector<rft::Plate> p = geomPlatesInBody(m, geom, e.plateDensity);
    plates.insert(plates.end(), p.begin(), p.end());
  } catch (const std::exception& ex) {
    problems.push_back({e.pointer, "\"" + e.name + "\" (" + ex.what() + ")", "a geom that can be split into plates"});
  }
}

}  // namespace

TerrainForces::TerrainForces(const mjModel* m, const TerrainSpec& spec)
    : m_spec(spec), m_kernel(spec.rft), m_surface(spec.surface, spec.deformation) {
  std::vector<JsonProblem> problems;
  std::vector<bool> taken(m->ngeom, false);
  auto bodyEntry = [&](int id) -> Body& {
    for (Body& b : m_bodies)
      if (b.id == id) return b;
    m_bodies.push_back({id, {}, rft::ForceSmoother(spec.kappa)});
    return m_bodies.back();
  };
  for (const InteractingSpec& e : spec.interacting) {
    if (e.isBody) {
      const int id = mj_name2id(m, mjOBJ_BODY, e.name.c_str());
      if (id < 0) {
        problems.push_back({e.pointer, "\"" + json::printable(e.name) + "\", no such body in the model",
                            "the name of a body of the MJCF model"});
        continue;
      }
      std::vector<rft::Plate> plates;
      for (int g = 0; g < m->ngeom; ++g)
        if (m->geom_bodyid[g] == id) collectPlates(m, e, g, plates, problems, taken);
      if (m->body_geomnum[id] == 0)
        problems.push_back({e.pointer, "\"" + e.name + "\", a body without geoms", "a body with at least one geom"});
      Body& b = bodyEntry(id);
      b.plates.insert(b.plates.end(), plates.begin(), plates.end());
    } else {
      const int g = mj_name2id(m, mjOBJ_GEOM, e.name.c_str());
      if (g < 0) {
        problems.push_back({e.pointer, "\"" + json::printable(e.name) + "\", no such geom in the model",
                            "the name of a geom of the MJCF model"});
        continue;
      }
      std::vector<rft::Plate> plates;
      collectPlates(m, e, g, plates, problems, taken);
      Body& b = bodyEntry(m->geom_bodyid[g]);
      b.plates.insert(b.plates.end(), plates.begin(), plates.end());
    }
  }
  if (!problems.empty()) throw TerrainError(spec.file, std::move(problems));
  std::size_t total = 0;
  for (Body& b : m_bodies) {
    total += b.plates.size();
    for (const rft::Plate& p : b.plates) b.reach = std::max(b.reach, p.centroid.norm());
  }
  m_placed.resize(total);
  m_evaluated.assign(total, 0);
  m_lastDirection.assign(total, Eigen::Vector3d::Zero());
  m_wrenches.resize(m_bodies.size());
  for (std::size_t i = 0; i < m_bodies.size(); ++i) m_wrenches[i].body = m_bodies[i].id;  // zero until a step
}

void TerrainForces::compute(const mjModel* m, const mjData* d) {
  m_pressing.clear();
  std::size_t k = 0;
  for (std::size_t bi = 0; bi < m_bodies.size(); ++bi) {
    Body& b = m_bodies[bi];
    const Eigen::Vector3d position(d->xpos + 3 * b.id);
    // xmat is row-major; Eigen's default is column-major, hence the transpose.
    const Eigen::Matrix3d rotation = Eigen::Map<const Eigen::Matrix3d>(d->xmat + 9 * b.id).transpose();
    const Eigen::Vector3d com(d->xipos + 3 * b.id);
    double twist[6];  // (angular, linear) at the centre of mass, world axes
    mj_objectVelocity(m, d, mjOBJ_BODY, b.id, twist, 0);
    const Eigen::Vector3d omega(twist[0], twist[1], twist[2]), vcom(twist[3], twist[4], twist[5]);

    b.rotation = rotation;
    b.position = position;

    rft::RftResult raw;
    double deepest = 0;
    // Wholly above the sand, or a plate above its highest point: nothing to evaluate
    // (plates() places them if asked).
    const double top = m_surface.maxHeight();
    const bool clear = position.z() - b.reach > top;
    for (const rft::Plate& local : b.plates) {
      PlacedPlate& p = m_placed[k];
      const Eigen::Vector3d centroid = rotation * local.centroid + position;
      m_evaluated[k++] = !clear && centroid.z() <= top;
      if (!m_evaluated[k - 1]) continue;
      p.body = b.id;
      p.plate.centroid = centroid;
      p.plate.normal = rotation * local.normal;
      p.plate.area = local.area;
      p.velocity = vcom + omega.cross(p.plate.centroid - com);
      p.depth = m_surface.rftHeightAt(p.plate.centroid.x(), p.plate.centroid.y()) - p.plate.centroid.z();
      const double speed = p.velocity.norm();
      Eigen::Vector3d& held = m_lastDirection[k - 1];
      Eigen::Vector3d velocity = p.velocity;
      if (speed > m_spec.restSpeed) held = p.velocity / speed;
      else if (m_spec.restSpeed > 0 && !held.isZero(0)) velocity = held * m_spec.restSpeed;
      p.force = p.depth > 0 ? m_kernel(p.plate, velocity, p.depth) : Eigen::Vector3d::Zero();
      // The sand surface is never above the surface RFT sees (a pressed node shows its
      // press-start height), so the plates below the sand are among these.
      if (p.depth > 0 && m_surface.grid()) m_pressing.push_back({p.plate.centroid, p.velocity});
      deepest = std::max(deepest, p.depth);
      if (p.force.isZero(0)) continue;
      raw.force += p.force;
      raw.moment += (p.plate.centroid - com).cross(p.force);
      ++raw.platesInContact;
    }
    const rft::RftResult smoothed = b.smoother.apply(raw);
    BodyWrench& w = m_wrenches[bi];
    w.body = b.id;
    w.force = smoothed.force;
    w.moment = smoothed.moment;
    w.point = com;
    w.platesInContact = raw.platesInContact;
    w.sinkage = deepest;
  }
  if (HeightGrid* grid = m_surface.grid()) grid->update(m_pressing);
  m_placedCurrent = false;
}

const std::vector<PlacedPlate>& TerrainForces::plates() const {
  if (m_placedCurrent) return m_placed;
  std::size_t k = 0;
  for (const Body& b : m_bodies)
    for (const rft::Plate& local : b.plates) {
      PlacedPlate& p = m_placed[k];
      if (m_evaluated[k++]) continue;
      p.body = b.id;
      p.plate.centroid = b.rotation * local.centroid + b.position;
      p.plate.normal = b.rotation * local.normal;
      p.plate.area = local.area;
      p.velocity.setZero();
      p.depth = -std::numeric_limits<double>::infinity();
      p.force.setZero();
    }
  m_placedCurrent = true;
  return m_placed;
}

void TerrainForces::apply(const mjModel* m, mjData* d) {
  if (!m_computed || d->time != m_lastTime) {
    const auto start = std::chrono::steady_clock::now();
    compute(m, d);
    m_computeSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    m_lastTime = d->time;
    m_computed = true;
  }
  for (const BodyWrench& w : m_wrenches) {
    // A body out of the sand carries a smoothed wrench that decays geometrically and never
    // reaches zero; below 1e-12 N and N m it moves nothing, and mj_applyFT (a Jacobian)
    // costs about as much as the rest of the step.
    if (w.force.squaredNorm() < 1e-24 && w.moment.squaredNorm() < 1e-24) continue;
    // Arrays, not Eigen's, for MuJoCo's C API.
    const mjtNum force[3] = {w.force.x(), w.force.y(), w.force.z()};
    const mjtNum moment[3] = {w.moment.x(), w.moment.y(), w.moment.z()};
    const mjtNum point[3] = {w.point.x(), w.point.y(), w.point.z()};
    mj_applyFT(m, d, force, moment, point, w.body, d->qfrc_passive);
  }
}

void TerrainForces::reset() {
  m_computed = false;
  for (Body& b : m_bodies) b.smoother.reset();
  for (Eigen::Vector3d& d : m_lastDirection) d.setZero();
}

void applyGravity(mjModel* m, const TerrainSpec& spec) {
  if (!spec.gravity) return;
  for (int i = 0; i < 3; ++i) m->opt.gravity[i] = (*spec.gravity)[i];
}

}  // namespace regolith::robots
