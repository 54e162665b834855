// Plates from MuJoCo poses, RFT per plate, wrenches into qfrc_passive (terrain_forces.h).
#include "robots/terrain_forces.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>

#include "io/json/json_pointer.h"
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

// Plates per cluster: about one ring of a tessellated leg, so that a cluster is compact.
constexpr std::size_t kPlatesPerCluster = 16;
// [m] added to a cluster's radius: the rounding of its placed centre and of each placed
// plate (a few 1e-16 m for bodies within kilometres of the origin) never lets a plate the
// cluster test skips be one the per-plate test would keep.
constexpr double kClusterSlack = 1e-9;

// The largest x with sqrt(x) <= speed: sqrt is monotonic and correctly rounded, so
// sqrt(x) > speed exactly when x is above it.
double squaredSpeedLimit(double speed) {
  if (!std::isfinite(speed)) return speed;  // NaN and +inf compare as they would
  if (speed < 0) return -1;                 // every |v| is above a negative speed
  double x = speed * speed;
  while (std::sqrt(x) > speed) x = std::nextafter(x, 0.0);
  for (double next = std::nextafter(x, HUGE_VAL); std::sqrt(next) <= speed; next = std::nextafter(x, HUGE_VAL))
    x = next;
  return x;
}

// Below this |cos| between gravity and the sand's normal the sand is a wall or a ceiling
// (gravity within 6 degrees of its plane, or pulling away from it): RFT's coefficients,
// measured under gravity into the sand, say nothing there.
constexpr double kMinGravityIntoSand = 0.1;

}  // namespace

void TerrainForces::buildClusters(Body& b) {
  for (std::size_t begin = 0; begin < b.plates.size(); begin += kPlatesPerCluster) {
    Cluster c;
    c.begin = begin;
    c.end = std::min(b.plates.size(), begin + kPlatesPerCluster);
    for (std::size_t i = c.begin; i < c.end; ++i) c.centre += b.plates[i].centroid;
    c.centre /= static_cast<double>(c.end - c.begin);
    for (std::size_t i = c.begin; i < c.end; ++i)
      c.radius = std::max(c.radius, (b.plates[i].centroid - c.centre).norm());
    c.radius += kClusterSlack;
    b.clusters.push_back(c);
  }
}

TerrainForces::TerrainForces(const mjModel* m, const TerrainSpec& spec)
    : m_spec(spec), m_kernel(spec.rft), m_surface(spec.surface, spec.deformation) {
  std::vector<JsonProblem> problems;
  std::vector<bool> taken(m->ngeom, false);
  auto bodyEntry = [&](int id) -> Body& {
    for (Body& b : m_bodies)
      if (b.id == id) return b;
    m_bodies.push_back({id, {}, rft::ForceSmoother(smoothingKappa(spec, m->opt.timestep))});
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
  m_gravityOf = Eigen::Vector3d(m->opt.gravity[0], m->opt.gravity[1], m->opt.gravity[2]);
  if (const std::optional<GravityFrame> f = gravityFrame(m)) m_gravity = *f;
  else if (!m_bodies.empty())
    problems.push_back({spec.gravity ? "/gravity" : "",
                        "gravity " + json::vectorText(m->opt.gravity[0], m->opt.gravity[1], m->opt.gravity[2], 4) +
                            " m/s^2, which does not pull into the sand's surface",
                        "a gravity within 84 degrees of the surface's inward normal (RFT's coefficients were "
                        "measured under gravity into the sand)"});
  if (!problems.empty()) throw TerrainError(spec.file, std::move(problems));
  std::size_t total = 0;
  for (Body& b : m_bodies) {
    total += b.plates.size();
    for (const rft::Plate& p : b.plates) b.reach = std::max(b.reach, p.centroid.norm());
    buildClusters(b);
  }
  m_placed.resize(total);
  m_state.assign(total, kUnplaced);
  m_heldVelocity.assign(total, Eigen::Vector3d::Zero());
  m_restSpeedSquared = squaredSpeedLimit(spec.restSpeed);
  m_wrenches.resize(m_bodies.size());
  for (std::size_t i = 0; i < m_bodies.size(); ++i) m_wrenches[i].body = m_bodies[i].id;  // zero until a step
}

std::optional<TerrainForces::GravityFrame> TerrainForces::gravityFrame(const mjModel* m) const {
  GravityFrame f;
  const Eigen::Vector3d g(m->opt.gravity[0], m->opt.gravity[1], m->opt.gravity[2]);
  // No gravity (or none worth a direction): RFT's own frame, z up.
  if (!(g.norm() > 0) || !g.allFinite()) return f;
  const Eigen::Vector3d up = -g.normalized();
  // Along z: RFT's own frame, whatever the surface (a steep slope under vertical gravity is
  // RFT's vertical depth and angles, as it always was).
  if (up.x() == 0 && up.y() == 0) return f;
  const Eigen::Vector3d normal = m_surface.planeNormal().value_or(Eigen::Vector3d::UnitZ());
  const double into = normal.dot(up);
  if (!(into >= kMinGravityIntoSand)) return std::nullopt;
  f.tilted = true;
  f.toRft = Eigen::Quaterniond::FromTwoVectors(up, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  f.depthScale = normal.z() / into;
  return f;
}

void TerrainForces::compute(const mjModel* m, const mjData* d) {
  m_pressing.clear();
  // The gravity may have been changed since the last step (Python's model view): the frame
  // is redone only then; a gravity that has turned away from the sand keeps the last frame
  // (the constructor refuses one).
  const Eigen::Vector3d g(m->opt.gravity[0], m->opt.gravity[1], m->opt.gravity[2]);
  if (g != m_gravityOf) {
    if (const std::optional<GravityFrame> f = gravityFrame(m)) m_gravity = *f;
    m_gravityOf = g;
  }
  std::size_t k = 0;  // the body's first plate in m_placed
  const double top = m_surface.maxHeight();
  for (std::size_t bi = 0; bi < m_bodies.size(); ++bi) {
    Body& b = m_bodies[bi];
    b.position = Eigen::Vector3d(d->xpos + 3 * b.id);
    // xmat is row-major; Eigen's default is column-major, hence the transpose.
    b.rotation = Eigen::Map<const Eigen::Matrix3d>(d->xmat + 9 * b.id).transpose();
    const Eigen::Vector3d com(d->xipos + 3 * b.id);
    double twist[6];  // (angular, linear) at the centre of mass, world axes
    mj_objectVelocity(m, d, mjOBJ_BODY, b.id, twist, 0);
    const Eigen::Vector3d omega(twist[0], twist[1], twist[2]), vcom(twist[3], twist[4], twist[5]);

    rft::RftResult raw;
    double deepest = 0;
    // Wholly above the sand: nothing to evaluate (plates() places them if asked).
    if (b.position.z() - b.reach > top) {
      std::fill(m_state.begin() + k, m_state.begin() + k + b.plates.size(), kUnplaced);
    } else {
      deepest = placeBody(b, k, com, omega, vcom, top);
      raw = leadingForces(com);
    }
    k += b.plates.size();
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

double TerrainForces::placeBody(const Body& b, std::size_t k, const Eigen::Vector3d& com, const Eigen::Vector3d& omega,
                                const Eigen::Vector3d& vcom, double top) {
  const Eigen::Matrix3d& rotation = b.rotation;
  const Eigen::Vector3d& position = b.position;
  double deepest = 0;
  for (const Cluster& c : b.clusters) {
    // A cluster above the sand's top: every plate of it is (kClusterSlack).
    if (rotation.row(2).dot(c.centre) + position.z() - c.radius > top) {
      std::fill(m_state.begin() + k + c.begin, m_state.begin() + k + c.end, kUnplaced);
      continue;
    }
    for (std::size_t i = c.begin; i < c.end; ++i) {
      // Computed in locals and stored once: reading back what was just stored through
      // m_placed stalls on every plate.
      const rft::Plate& local = b.plates[i];
      PlacedPlate& p = m_placed[k + i];
      const Eigen::Vector3d centroid = rotation * local.centroid + position;
      if (!(centroid.z() <= top)) {
        m_state[k + i] = kUnplaced;
        continue;
      }
      const Eigen::Vector3d velocity = vcom + omega.cross(centroid - com);
      p.body = b.id;
      p.plate.centroid = centroid;
      p.velocity = velocity;
      Eigen::Vector3d& held = m_heldVelocity[k + i];
      Eigen::Vector3d rftVelocity = velocity;
      if (velocity.squaredNorm() > m_restSpeedSquared) held = velocity;
      else if (m_spec.restSpeed > 0 && !held.isZero(0)) rftVelocity = held / held.norm() * m_spec.restSpeed;
      // Above the sand here (depth < 0): no force, no press, no sinkage.
      if (centroid.z() > m_surface.rftBoundNear(centroid.x(), centroid.y())) {
        m_state[k + i] = kPlacedClear;
        p.depth = -std::numeric_limits<double>::infinity();
        p.force.setZero();
        continue;
      }
      m_state[k + i] = kEvaluated;
      const rft::Plate placed{centroid, rotation * local.normal, local.area};
      const double depth = m_surface.rftHeightAt(centroid.x(), centroid.y()) - centroid.z();
      p.plate = placed;
      p.depth = depth;
      p.force.setZero();
      // The kernel gives a receding plate (n . v <= 0, the same product it tests) nothing.
      if (depth > 0 && placed.normal.dot(rftVelocity) > 0) {
        if (!m_gravity.tilted) m_leading.push_back({k + i, placed, rftVelocity, depth});
        else
          m_leading.push_back({k + i,
                               {centroid, m_gravity.toRft * placed.normal, placed.area},
                               m_gravity.toRft * rftVelocity,
                               depth * m_gravity.depthScale});
      }
      // The sand surface is never above the surface RFT sees (a pressed node shows its
      // press-start height), so the plates below the sand are among these.
      if (depth > 0 && m_surface.grid()) m_pressing.push_back({centroid, velocity});
      deepest = std::max(deepest, depth);
    }
  }
  return deepest;
}

rft::RftResult TerrainForces::leadingForces(const Eigen::Vector3d& com) {
  for (const Leading& l : m_leading) m_placed[l.plate].force = m_kernel(l.placed, l.velocity, l.depth);
  if (m_gravity.tilted)
    for (const Leading& l : m_leading) m_placed[l.plate].force = m_gravity.toRft.transpose() * m_placed[l.plate].force;
  // Summed in plate order (m_leading's), in locals: the compiler cannot know that the
  // plates' stores do not alias a result's members.
  Eigen::Vector3d force = Eigen::Vector3d::Zero(), moment = Eigen::Vector3d::Zero();
  std::size_t inContact = 0;
  for (const Leading& l : m_leading) {
    const Eigen::Vector3d& f = m_placed[l.plate].force;
    if (f.isZero(0)) continue;
    force += f;
    moment += (l.placed.centroid - com).cross(f);
    ++inContact;
  }
  m_leading.clear();
  rft::RftResult r;
  r.force = force;
  r.moment = moment;
  r.platesInContact = inContact;
  return r;
}

const std::vector<PlacedPlate>& TerrainForces::plates() const {
  if (m_placedCurrent) return m_placed;
  std::size_t k = 0;
  for (const Body& b : m_bodies)
    for (const rft::Plate& local : b.plates) {
      PlacedPlate& p = m_placed[k];
      const PlateState state = m_state[k++];
      if (state == kEvaluated) continue;
      p.plate.normal = b.rotation * local.normal;
      p.plate.area = local.area;
      if (state == kPlacedClear) continue;
      p.body = b.id;
      p.plate.centroid = b.rotation * local.centroid + b.position;
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
  std::fill(m_heldVelocity.begin(), m_heldVelocity.end(), Eigen::Vector3d::Zero());
}

TerrainForces::State TerrainForces::saveState() const {
  State s;
  s.computed = m_computed;
  s.lastTime = m_lastTime;
  for (std::size_t i = 0; i < m_bodies.size(); ++i) {
    const std::optional<rft::RftResult>& last = m_bodies[i].smoother.last();
    const rft::RftResult r = last.value_or(rft::RftResult{});
    const BodyWrench& w = m_wrenches[i];
    const double row[kStateBodyColumns] = {last ? 1.0 : 0.0, r.force.x(),
                                           r.force.y(),      r.force.z(),
                                           r.moment.x(),     r.moment.y(),
                                           r.moment.z(),     static_cast<double>(r.platesInContact),
                                           w.force.x(),      w.force.y(),
                                           w.force.z(),      w.moment.x(),
                                           w.moment.y(),     w.moment.z(),
                                           w.point.x(),      w.point.y(),
                                           w.point.z(),      static_cast<double>(w.platesInContact),
                                           w.sinkage};
    s.bodies.insert(s.bodies.end(), row, row + kStateBodyColumns);
  }
  for (const Eigen::Vector3d& v : m_heldVelocity) s.held.insert(s.held.end(), {v.x(), v.y(), v.z()});
  if (const HeightGrid* grid = m_surface.grid()) s.grid = grid->saveState();
  return s;
}

void TerrainForces::restoreState(const State& s) {
  if (s.bodies.size() != m_bodies.size() * kStateBodyColumns || s.held.size() != 3 * m_heldVelocity.size())
    throw std::invalid_argument("RFT terrain state: " + std::to_string(s.bodies.size() / kStateBodyColumns) +
                                " bodies and " + std::to_string(s.held.size() / 3) + " plates, expected " +
                                std::to_string(m_bodies.size()) + " and " + std::to_string(m_heldVelocity.size()) +
                                " (a state saved on another terrain)");
  HeightGrid* grid = m_surface.grid();
  if (!grid != s.grid.empty())
    throw std::invalid_argument(grid ? "RFT terrain state: no deforming surface saved for this terrain's"
                                     : "RFT terrain state: a deforming surface saved, and this terrain has none");
  if (grid) grid->restoreState(s.grid);
  m_computed = s.computed;
  m_lastTime = s.lastTime;
  for (std::size_t i = 0; i < m_bodies.size(); ++i) {
    const double* row = s.bodies.data() + i * kStateBodyColumns;
    std::optional<rft::RftResult> last;
    if (row[0] != 0) {
      last.emplace();
      last->force = Eigen::Vector3d(row[1], row[2], row[3]);
      last->moment = Eigen::Vector3d(row[4], row[5], row[6]);
      last->platesInContact = static_cast<std::size_t>(row[7]);
    }
    m_bodies[i].smoother.restore(std::move(last));
    BodyWrench& w = m_wrenches[i];
    w.force = Eigen::Vector3d(row[8], row[9], row[10]);
    w.moment = Eigen::Vector3d(row[11], row[12], row[13]);
    w.point = Eigen::Vector3d(row[14], row[15], row[16]);
    w.platesInContact = static_cast<std::size_t>(row[17]);
    w.sinkage = row[18];
  }
  for (std::size_t p = 0; p < m_heldVelocity.size(); ++p)
    m_heldVelocity[p] = Eigen::Vector3d(s.held[3 * p], s.held[3 * p + 1], s.held[3 * p + 2]);
  m_placedCurrent = false;
}

void applyTerrainOptions(mjModel* m, const TerrainSpec& spec) {
  if (spec.gravity)
    for (int i = 0; i < 3; ++i) m->opt.gravity[i] = (*spec.gravity)[i];
  if (!spec.mujocoContacts) m->opt.disableflags |= mjDSBL_CONTACT;
}

}  // namespace regolith::robots
