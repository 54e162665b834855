// The MuJoCo coupling (robots/terrain_forces.h, passive_hook.h): a box settles where RFT
// carries its weight, speed does not change quasi-static forces, the applied wrench is the
// plates' own, smoothing, nothing above the surface, several models at once.
#include "robots/terrain_forces.h"

#include <cmath>
#include <thread>

#include <gtest/gtest.h>

#include "io/json/json_pointer.h"
#include "robots/passive_hook.h"
#include "robots/robot_simulation.h"
#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

using robots::PassiveHook;
using robots::TerrainForces;

constexpr double kZeta = 0.94e6;  // N/m^3: freshly tilled sand (RFT-SiM)

// The bottom face's height of the box (body 1; its geom is centred on the body).
double boxBottom(const mjData* d, double hz) { return d->xpos[3 + 2] - hz; }

// A box on a vertical slide with strong joint damping sinks into sand lowered
// quasi-statically: an overdamped approach (c = 600 N s/m against the critical
// 2 sqrt(m zeta A) = 274 N s/m) that never turns back, so the leading bottom plates stay
// loaded and it comes to rest where zeta z A = m g exactly (alpha_Z = 1 and f23 = 1 for a
// horizontal plate pushed straight down). Released at the surface without damping it
// would overshoot to twice that depth and stay there: RFT has no rebound.
// Below the rest speed (1 mm/s) the plates keep the direction they last moved in, so the
// box stays there: checked after 3 s, long after the approach (time constant
// c / (zeta A) = 0.064 s) has died out. Without that hold a resting plate gets no force
// (quasi-static RFT needs a direction of motion), and the box creeps down by on/off
// chatter once its speed falls below minSpeed (seen: 0.35 mm in the second second).
// Tolerance 0.2 %: the approach is within exp(-45) of rest; the rest is rounding.
double settledDepth(bool deforming) {
  const double hx = 0.05, hy = 0.05, hz = 0.02, mass = 2;
  ModelPtr m = loadMjcf(
      boxModel(hx, hy, hz, mass, 0, "<joint name=\"sink\" type=\"slide\" axis=\"0 0 1\" damping=\"600\"/>"));
  DataPtr d(mj_makeData(m.get()));
  const robots::TerrainSpec spec = deforming ? deformingFlatTerrain(kZeta, "box", 40000, 0.01, 0.2)
                                             : flatTerrain(kZeta, "box", 40000);
  TerrainForces forces(m.get(), spec);
  PassiveHook hook(m.get(), d.get(), forces);
  while (d->time < 3.0) mj_step(m.get(), d.get());
  // The wrench's sinkage is its bottom plates' depth (as of the last step's start).
  EXPECT_NEAR(forces.wrenches().at(0).sinkage, -boxBottom(d.get(), hz), 1e-9);
  return -boxBottom(d.get(), hz);
}

TEST(RobotTerrain, BoxSinksToWhereRftCarriesItsWeight) {
  const double expected = 2 * 9.81 / (kZeta * 0.1 * 0.1);  // m g / (zeta A) = 2.09 mm
  const double depth = settledDepth(false);
  RecordProperty("depth_mm", std::to_string(depth * 1e3));
  EXPECT_NEAR(depth, expected, 2e-3 * expected) << "closed form " << expected;
}

// With the deforming surface on, the nodes under the box sink with it, but the box keeps
// measuring its depth from the sand it entered: the same rest depth.
TEST(RobotTerrain, BoxSinksToTheSameDepthOnADeformingSurface) {
  const double expected = 2 * 9.81 / (kZeta * 0.1 * 0.1);
  EXPECT_NEAR(settledDepth(true), expected, 2e-3 * expected);
}

// A thin plate body on x and z slides, placed 2 cm deep and moving down and forward.
struct PushedPlate {
  ModelPtr m = loadMjcf(boxModel(0.03, 0.02, 0.002, 0.1, -0.02,
                                 "<joint name=\"x\" type=\"slide\" axis=\"1 0 0\"/>"
                                 "<joint name=\"z\" type=\"slide\" axis=\"0 0 1\"/>"));
  DataPtr d{mj_makeData(m.get())};

  // The terrain wrench at speed `speed` along (cos a, 0, -sin a), a = 30 degrees.
  robots::BodyWrench wrench(const robots::TerrainSpec& spec, double speed) {
    TerrainForces forces(m.get(), spec);
    PassiveHook hook(m.get(), d.get(), forces);
    mj_resetData(m.get(), d.get());
    d->qvel[0] = speed * std::cos(M_PI / 6);
    d->qvel[1] = -speed * std::sin(M_PI / 6);
    mj_forward(m.get(), d.get());
    return forces.wrenches().at(0);
  }
};

TEST(RobotTerrain, PlateForceDoesNotDependOnSpeed) {
  PushedPlate p;
  const robots::TerrainSpec spec = flatTerrain(kZeta, "box", 40000);
  const robots::BodyWrench base = p.wrench(spec, 0.05);
  ASSERT_GT(base.force.norm(), 1.0) << "the plate must be loaded for the comparison to mean anything";
  for (double factor : {0.5, 2.0}) {
    const robots::BodyWrench w = p.wrench(spec, 0.05 * factor);
    EXPECT_LT((w.force - base.force).norm(), 1e-9 * base.force.norm()) << "speed x" << factor;
    EXPECT_LT((w.moment - base.moment).norm(), 1e-9 * base.force.norm()) << "speed x" << factor;
  }
  // The comparison can tell: with the dynamic term on, forces grow with speed.
  robots::TerrainSpec dynamic = spec;
  dynamic.rft.inertialLambda = 1;
  dynamic.rft.grainDensity = 1600;
  const Eigen::Vector3d slow = p.wrench(dynamic, 0.025).force, fast = p.wrench(dynamic, 0.1).force;
  EXPECT_GT((fast - slow).norm(), 1e-3);

  // After mj_resetData the time is 0 again: reset() makes one coupling compute afresh
  // (without it the second call would return the first one's wrench).
  TerrainForces forces(p.m.get(), dynamic);
  PassiveHook hook(p.m.get(), p.d.get(), forces);
  for (double speed : {0.025, 0.1}) {
    forces.reset();
    mj_resetData(p.m.get(), p.d.get());
    p.d->qvel[0] = speed * std::cos(M_PI / 6);
    p.d->qvel[1] = -speed * std::sin(M_PI / 6);
    mj_forward(p.m.get(), p.d.get());
  }
  EXPECT_LT((forces.wrenches()[0].force - fast).norm(), 1e-9 * fast.norm());
}

// A tilted box, half buried, moving and spinning: the wrench the coupling reports is the
// sum of its plates' forces and of their moments about the centre of mass, and what it
// adds to qfrc_passive is what the plate forces applied one by one at their centroids add.
TEST(RobotTerrain, AppliedWrenchIsTheSumOfPlateForcesAndMoments) {
  ModelPtr m = loadMjcf(boxModel(0.04, 0.03, 0.02, 1.0, -0.02, "<freejoint/>"));
  DataPtr d(mj_makeData(m.get()));
  TerrainForces forces(m.get(), flatTerrain(kZeta, "box", 40000));
  PassiveHook hook(m.get(), d.get(), forces);
  const double q[4] = {std::cos(0.2), 0.6 * std::sin(0.2), 0.8 * std::sin(0.2), 0};  // 0.4 rad tilt
  for (int i = 0; i < 4; ++i) d->qpos[3 + i] = q[i];
  const double v[6] = {0.03, -0.01, -0.04, 0.5, -0.8, 0.3};  // linear (world), angular (local)
  for (int i = 0; i < 6; ++i) d->qvel[i] = v[i];
  mj_forward(m.get(), d.get());

  const robots::BodyWrench& w = forces.wrenches().at(0);
  Eigen::Vector3d force = Eigen::Vector3d::Zero(), moment = Eigen::Vector3d::Zero();
  std::vector<mjtNum> oneByOne(m->nv, 0);
  int loaded = 0;
  for (const robots::PlacedPlate& p : forces.plates()) {
    force += p.force;
    moment += (p.plate.centroid - w.point).cross(p.force);
    const mjtNum f[3] = {p.force.x(), p.force.y(), p.force.z()}, zero[3] = {0, 0, 0};
    const mjtNum at[3] = {p.plate.centroid.x(), p.plate.centroid.y(), p.plate.centroid.z()};
    mj_applyFT(m.get(), d.get(), f, zero, at, p.body, oneByOne.data());
    loaded += p.force.isZero(0) ? 0 : 1;
  }
  ASSERT_GT(loaded, 10);
  ASSERT_GT(moment.norm(), 1e-3) << "a wrench with a moment, or the test shows nothing";
  EXPECT_LT((w.force - force).norm(), 1e-12 * force.norm());
  EXPECT_LT((w.moment - moment).norm(), 1e-12 * force.norm());
  double scale = 0;
  for (int i = 0; i < m->nv; ++i) scale = std::max(scale, std::fabs(oneByOne[i]));
  for (int i = 0; i < m->nv; ++i)  // the model has no springs or damping: qfrc_passive is ours alone
    EXPECT_NEAR(d->qfrc_passive[i], oneByOne[i], 1e-12 * scale) << "dof " << i;
}

// Raw force of the last step, summed from the plates.
Eigen::Vector3d rawForce(const TerrainForces& f) {
  Eigen::Vector3d sum = Eigen::Vector3d::Zero();
  for (const robots::PlacedPlate& p : f.plates()) sum += p.force;
  return sum;
}

TEST(RobotTerrain, SmoothingWithKappaOneIsTheRawForce) {
  for (double kappa : {1.0, 0.3}) {
    ModelPtr m = loadMjcf(boxModel(0.05, 0.05, 0.02, 2.0, 0.0, "<joint type=\"slide\" axis=\"0 0 1\"/>"));
    DataPtr d(mj_makeData(m.get()));
    TerrainForces forces(m.get(), flatTerrain(kZeta, "box", 40000, kappa));
    PassiveHook hook(m.get(), d.get(), forces);
    d->qvel[0] = -0.05;
    // F_s,0 = F_0 (zero: the box starts at the surface), then the recursion, every step.
    Eigen::Vector3d smoothed = Eigen::Vector3d::Zero();
    int loaded = 0;
    for (int i = 0; i < 400; ++i) {
      mj_step(m.get(), d.get());
      const Eigen::Vector3d raw = rawForce(forces);
      smoothed = i == 0 ? raw : Eigen::Vector3d(kappa * raw + (1 - kappa) * smoothed);
      EXPECT_LE((forces.wrenches()[0].force - smoothed).norm(), 1e-9 * (raw.norm() + smoothed.norm()))
          << "kappa " << kappa << " step " << i;
      if (kappa == 1) {
        EXPECT_EQ(forces.wrenches()[0].force, raw);
      }
      loaded += raw.isZero(0) ? 0 : 1;
    }
    EXPECT_GT(loaded, 100) << "the box must reach the sand";
  }
}

TEST(RobotTerrain, BodyAboveTheSurfaceFeelsNothing) {
  for (double bottom : {0.001, -0.001}) {
    ModelPtr m = loadMjcf(boxModel(0.05, 0.05, 0.02, 2.0, bottom, "<freejoint/>"));
    DataPtr d(mj_makeData(m.get()));
    TerrainForces forces(m.get(), flatTerrain(kZeta, "box", 40000));
    PassiveHook hook(m.get(), d.get(), forces);
    d->qvel[2] = -0.1;
    d->qvel[0] = 0.05;
    mj_forward(m.get(), d.get());
    double sum = 0;
    for (int i = 0; i < m->nv; ++i) sum += std::fabs(d->qfrc_passive[i]);
    if (bottom > 0) {
      EXPECT_EQ(sum, 0) << "1 mm above the sand";
      EXPECT_EQ(forces.wrenches()[0].platesInContact, 0u);
    } else {
      EXPECT_GT(sum, 0) << "1 mm into the sand: the check can fail";
    }
  }
}

// Two models stepped side by side in two threads through the one global callback give
// what each gives alone.
TEST(RobotTerrain, SeveralModelsInOneProcess) {
  auto run = [](double zeta, double* depth) {
    ModelPtr m = loadMjcf(
        boxModel(0.05, 0.05, 0.02, 2.0, 0.0, "<joint type=\"slide\" axis=\"0 0 1\" damping=\"600\"/>"),
        "model" + std::to_string(static_cast<long>(zeta)) + ".xml");
    DataPtr d(mj_makeData(m.get()));
    TerrainForces forces(m.get(), flatTerrain(zeta, "box", 10000));
    PassiveHook hook(m.get(), d.get(), forces);
    while (d->time < 0.3) mj_step(m.get(), d.get());
    *depth = -boxBottom(d.get(), 0.02);
  };
  double alone[2], together[2];
  run(0.94e6, &alone[0]);
  run(3.75e6, &alone[1]);
  std::thread a(run, 0.94e6, &together[0]), b(run, 3.75e6, &together[1]);
  a.join();
  b.join();
  EXPECT_EQ(together[0], alone[0]);
  EXPECT_EQ(together[1], alone[1]);
  EXPECT_GT(alone[0], 2 * alone[1]) << "the two soils must differ for the test to mean anything";
  EXPECT_EQ(PassiveHook::registered(), 0);
}

// The deforming surface driven through MuJoCo: a 4 cm x 4 cm foot on x and z slides,
// moved along a prescribed path (qpos, qvel set and mj_forward called at advancing
// times, so the coupling sees one step each), pushes 1 cm into the sand, bulldozes 8 cm
// along x and lifts out. The sand's volume stays what it was, a pile stands ahead of the
// stroke, and the trench and footprint stay after the foot has gone.
TEST(RobotTerrain, DeformingSurfaceUnderABulldozingStroke) {
  ModelPtr m = loadMjcf(boxModel(0.02, 0.02, 0.01, 0.5, 0.0,
                                 "<joint name=\"x\" type=\"slide\" axis=\"1 0 0\"/>"
                                 "<joint name=\"z\" type=\"slide\" axis=\"0 0 1\"/>"));
  DataPtr d(mj_makeData(m.get()));
  TerrainForces forces(m.get(), deformingFlatTerrain(kZeta, "box", 40000, 0.005, 0.15));
  PassiveHook hook(m.get(), d.get(), forces);
  const robots::HeightGrid& grid = *forces.surface().grid();
  const double before = grid.volume(), dt = 1e-3;
  int step = 0;
  double strongest = 0;
  auto moveTo = [&](double x, double z, double vx, double vz) {
    d->time = ++step * dt;
    d->qpos[0] = x, d->qpos[1] = z, d->qvel[0] = vx, d->qvel[1] = vz;
    mj_forward(m.get(), d.get());
    strongest = std::max(strongest, forces.wrenches()[0].force.norm());
  };
  for (int k = 1; k <= 100; ++k) moveTo(-0.04, -0.0001 * k, 0, -0.1);        // down 1 cm
  for (int k = 1; k <= 800; ++k) moveTo(-0.04 + 0.0001 * k, -0.01, 0.1, 0);  // 8 cm along x
  for (int k = 1; k <= 300; ++k) moveTo(0.04, -0.01 + 0.0001 * k, 0, 0.1);   // out
  for (int k = 0; k < 200; ++k) moveTo(0.04, 0.02, 0, 0);                    // let it settle
  EXPECT_GT(strongest, 5.0) << "the sand resisted the stroke";
  EXPECT_NEAR(grid.volume(), before, 1e-15) << "the same sand";
  EXPECT_GT(grid.heightAt(0.075, 0), 0.002) << "a pile ahead of the stroke's end";
  EXPECT_LT(grid.heightAt(0.0, 0), -0.004) << "the trench stays";
  // Where the foot lifted, the pile it pushed slides partly back (measured: 2.1 mm left
  // of the 10 mm): still a footprint.
  EXPECT_LT(grid.heightAt(0.04, 0), -0.001) << "and the footprint where the foot lifted";
}

TEST(RobotTerrain, UnknownNamesGiveTheirPointers) {
  ModelPtr m = loadMjcf(
      "<mujoco><worldbody><geom name=\"floor\" type=\"plane\" size=\"1 1 0.1\"/><body name=\"box\">"
      "<freejoint/><geom name=\"block\" type=\"box\" size=\"0.1 0.1 0.1\"/></body></worldbody></mujoco>");
  const robots::TerrainSpec spec = robots::parseTerrain(
      R"({"surface": {"type": "flat"}, "soil": {"preset": "beach_sand"},
          "interact": [{"body": "box"}, {"body": "chassis"}, {"geom": "floor"}, {"geom": "wheel"},
                       {"geom": "block"}]})",
      "terrain.json", ".");
  try {
    TerrainForces forces(m.get(), spec);
    FAIL() << "accepted";
  } catch (const robots::TerrainError& e) {
    ASSERT_EQ(e.problems().size(), 4u) << e.what();
    EXPECT_EQ(e.problems()[0].pointer, "/interact/1/body");
    EXPECT_EQ(e.problems()[1].pointer, "/interact/2/geom");
    EXPECT_EQ(e.problems()[2].pointer, "/interact/3/geom");
    EXPECT_EQ(e.problems()[3].pointer, "/interact/4/geom") << "the box's geom, named twice";
  }
}

}  // namespace
}  // namespace regolith::test

namespace regolith::test {
namespace {

// "mujoco_contacts": one MJCF with a floor plane: on its own (the rigid level) the box rests
// on the plane; with the terrain file's "mujoco_contacts": false MuJoCo's contacts are off,
// and the RFT sand 5 cm below the plane carries it instead, below the plane's top.
TEST(RobotTerrain, MujocoContactsOffLeavesTheTerrainTheOnlyGround) {
  const std::string mjcf = writeScratchFile("plane_box.xml", R"(<mujoco>
  <option timestep="0.0005"/>
  <worldbody>
    <geom name="floor" type="plane" size="1 1 0.1"/>
    <body name="box" pos="0 0 0.03"><freejoint/><geom type="box" size="0.05 0.05 0.02" mass="2"/></body>
  </worldbody>
</mujoco>)");
  const auto finalHeight = [&](bool contacts) {
    const std::string text = std::string(R"({"surface": {"type": "flat", "height": -0.05}, "soil": {"zeta": 1e6},
      "interact": [{"body": "box"}], "mujoco_contacts": )") +
                             (contacts ? "true" : "false") + "}";
    robots::RobotSimulation sim(mjcf, robots::parseTerrain(text, "contacts.json", "."));
    EXPECT_EQ((sim.model()->opt.disableflags & mjDSBL_CONTACT) != 0, !contacts);
    for (int k = 0; k < 1000; ++k) sim.step();  // 0.5 s: at rest on one ground or the other
    return sim.data()->qpos[2];
  };
  EXPECT_NEAR(finalHeight(true), 0.02, 1e-3);  // on the plane (MuJoCo's soft contact: < 1 mm in)
  const double onSand = finalHeight(false);
  EXPECT_LT(onSand, -0.03 + 0.001);  // its bottom below the sand's top at -0.05 + 0.02
  EXPECT_GT(onSand, -0.05 - 0.02);   // carried by the sand, not falling through
}

}  // namespace
}  // namespace regolith::test

namespace regolith::test {
namespace {

// The tumbling study's smoke ring (examples/robots/ring/ring.xml) on RFT sand, in MJCF text:
// three slides and the spin hinge at `pos`, gravity `gravity`.
std::string ringOnSlides(const std::string& pos, const std::string& gravity) {
  return R"(<mujoco><option timestep="0.00015" integrator="implicit" gravity=")" + gravity + R"("/>
  <worldbody><body name="ring" pos=")" +
         pos + R"(">
    <joint name="x" type="slide" axis="1 0 0"/><joint name="y" type="slide" axis="0 1 0"/>
    <joint name="z" type="slide" axis="0 0 1"/><joint name="spin" type="hinge" axis="0 1 0"/>
    <inertial pos="0 0 0" mass="0.1" diaginertia="1.075e-4 1.875e-4 1.075e-4"/>
    <geom type="cylinder" size="0.05 0.015" zaxis="0 1 0" mass="0" contype="0" conaffinity="0"/>
  </body></worldbody></mujoco>)";
}

// A slope given as gravity (the DEM scenes' way, and the one-MJCF ring hierarchy's) is the
// same RFT sand as the slope itself: the ring on a flat surface under gravity tilted 24
// degrees about -y rolls as the ring on a 24-degree slope under vertical gravity does, seen
// in the slope's axes. RFT's depth runs along gravity and its angles are taken against it
// (TerrainForces::GravityFrame); with world z as RFT's vertical instead, the braked ring of
// examples/robots/ring ran 0.28 m/s instead of 0.17 m/s. The two runs differ only by the
// rotation's rounding: 1e-23 m after the first step. As the ring rolls, plates enter the
// sand a step earlier or later in one run than in the other, and each such event turns the
// rounding into a jolt, so the difference grows to a bounded noise: measured at most 4e-6
// m along the slope (of 33 mm travelled), 1.4e-5 m across it (of 4.5 mm sinkage) and
// 1.1e-4 rad of spin (of 0.6) over the 0.2 s. Tolerances are about three times those.
TEST(RobotTerrain, RftUnderTiltedGravityIsRftOnTheSlope) {
  const double slope = 24 * M_PI / 180, g = 9.8, r = 0.05;
  const std::string soil = R"("soil": {"zeta": 484700}, "interact": [{"body": "ring", "plate_density": 200000}],
                              "kappa_F": 1, "deformation": {"enabled": false})";
  // On the slope: touching it at the origin, the centre r along its normal.
  const std::string slopePos = ::regolith::json::numberText(r * std::sin(slope), 17) + " 0 " +
                               ::regolith::json::numberText(r * std::cos(slope), 17);
  robots::RobotSimulation onSlope(
      writeScratchFile("ring_slope.xml", ringOnSlides(slopePos, "0 0 -9.8")),
      robots::parseTerrain(R"({"surface": {"type": "slope", "angle_deg": 24, "direction_deg": 180}, )" + soil + "}",
                           "slope.json", "."));
  // Gravity tilted: flat sand at z = 0, the centre r above it at the origin.
  const std::string gravity = ::regolith::json::vectorText(g * std::sin(slope), 0, -g * std::cos(slope), 17);
  robots::RobotSimulation tilted(
      writeScratchFile("ring_flat.xml", ringOnSlides("0 0 0.05", "0 0 -9.8")),
      robots::parseTerrain(R"({"gravity": )" + gravity + R"(, "surface": {"type": "flat", "height": 0}, )" + soil + "}",
                           "tilted.json", "."));
  while (tilted.time() < 0.2) {
    onSlope.step();
    tilted.step();
  }
  // The slides' displacements (qpos: x, y, z, spin), the slope run's turned into its axes.
  const double c = std::cos(slope), s = std::sin(slope);
  const double* q = onSlope.data()->qpos;
  const double* p = tilted.data()->qpos;
  EXPECT_GT(p[0], 0.02) << "it rolled";
  EXPECT_LT(p[2], -0.003) << "and sank";
  EXPECT_NEAR(p[0], c * q[0] - s * q[2], 1.2e-5);
  EXPECT_NEAR(p[2], s * q[0] + c * q[2], 4e-5);
  EXPECT_NEAR(p[3], q[3], 3e-4);
}

// A gravity that does not pull into the sand (here along the surface) is refused when the
// terrain is loaded, at its pointer: RFT's coefficients were measured under gravity into it.
TEST(RobotTerrain, GravityAlongTheSandIsRefused) {
  try {
    robots::RobotSimulation sim(
        writeScratchFile("ring_wall.xml", ringOnSlides("0 0 0.05", "0 0 -9.8")),
        robots::parseTerrain(R"({"gravity": [9.8, 0, 0], "surface": {"type": "flat"}, "soil": {"zeta": 1e6},
                                 "interact": [{"body": "ring"}]})",
                             "wall.json", "."));
    FAIL() << "accepted";
  } catch (const robots::TerrainError& e) {
    ASSERT_EQ(e.problems().size(), 1u) << e.what();
    EXPECT_EQ(e.problems()[0].pointer, "/gravity") << e.what();
  }
}

}  // namespace
}  // namespace regolith::test
