// Bekker-Wong wheels of a MuJoCo model (robots/wheel_terrain.h), the issue's first two
// wheel tests: a wheel at rest sinks to solveSinkage's depth for its load, and a wheel
// driven at a fixed slip on flat ground feels the drawbar pull and torque of wheelForces
// at that slip and sinkage.
#include "robots/wheel_terrain.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "robots/controls.h"
#include "robots/robot_simulation.h"
#include "tests/robots/robot_test_support.h"

namespace regolith::test {
namespace {

constexpr double kWheelRadius = 0.1, kWheelWidth = 0.06, kWheelMass = 10, kEarthGravity = 9.81;

robots::TerrainSpec wheelTerrain(const std::string& extra = "") {
  const std::string text = R"({"surface": {"type": "flat", "height": 0}, "interact": [],
    "wheels": [{"body": "wheel", "radius": 0.1, "width": 0.06, "soil": {"preset": "lll-dry-sand"})" +
                           extra + R"(}]})";
  return robots::loadTerrain(writeScratchFile("wheel.terrain.json", text));
}

bekker::Wheel wheelGeometry() {
  bekker::Wheel w;
  w.radius = kWheelRadius;
  w.width = kWheelWidth;
  return w;
}

// A 10 kg wheel (axle y, no MuJoCo contact) on a vertical slide, let down from 5 mm above
// the sand. It sinks about 37 mm, where dW/dz is about 4,300 N/m (omega_n = 21 rad/s);
// the contact's normal damping is critical (damping_ratio 1), so the motion has decayed
// to below 1e-9 of the load by 1.5 s (e^(-omega_n t) (1 + omega_n t) = 1e-12). At rest
// W(z) = m g, and solveSinkage finds that z to 1e-12 r.
TEST(WheelTerrain, AtRestSinksToTheSinkageThatCarriesItsLoad) {
  const std::string xml = R"(<mujoco><option timestep="0.0002" gravity="0 0 -9.81"/><worldbody>
    <body name="wheel" pos="0 0 0.105"><joint name="z" type="slide" axis="0 0 1"/>
    <geom type="cylinder" size="0.1 0.03" zaxis="0 1 0" mass="10" contype="0" conaffinity="0"/>
    </body></worldbody></mujoco>)";
  robots::RobotSimulation sim(writeScratchFile("wheel_rest.xml", xml), wheelTerrain());
  while (sim.time() < 1.5) sim.step();
  ASSERT_TRUE(sim.finite());
  const robots::WheelSoilWrench& w = sim.wheels().wheels().at(0).last;
  const bekker::WheelForces expected = bekker::solveSinkage(
      bekker::soilPreset("lll-dry-sand").soil, bekker::StressShape{}, wheelGeometry(), kWheelMass * kEarthGravity, 0);
  EXPECT_TRUE(w.contact);
  EXPECT_NEAR(w.slip, 0, 1e-12);
  EXPECT_NEAR(w.sinkage, expected.sinkage, 1e-6 * expected.sinkage);
  EXPECT_NEAR(w.load, kWheelMass * kEarthGravity, 1e-6 * kWheelMass * kEarthGravity);
  const robots::BodySample b = sim.sample().at(0);
  EXPECT_NEAR(b.terrainForce.z(), kWheelMass * kEarthGravity, 1e-6 * kWheelMass * kEarthGravity)
      << "the run's series carries it";
  EXPECT_NEAR(b.sinkage, expected.sinkage, 1e-6 * expected.sinkage);
}

// The wheel on a carriage driven along x at 0.2 m/s by a stiff velocity servo, its spin held
// at 2.5 rad/s by another (slip 1 - v / (omega r) = 0.2), its 10 kg free to sink. After 1.5
// s it runs at the commanded slip (the servos sag by force / kv: under 1e-3 in slip), at the
// sinkage that carries its load at that slip (solveSinkage), with the drawbar pull and
// torque of wheelForces there: 1 % (the slip's sag moves DP by about 0.5 %).
TEST(WheelTerrain, DrivenAtFixedSlipFeelsTheWheelIntegrals) {
  const std::string xml = R"(<mujoco><option timestep="0.0002" gravity="0 0 -9.81" integrator="implicit"/>
    <worldbody><body name="carriage" pos="0 0 0.105"><joint name="x" type="slide" axis="1 0 0"/>
    <geom type="box" size="0.01 0.01 0.01" mass="1" contype="0" conaffinity="0"/>
    <body name="wheel"><joint name="z" type="slide" axis="0 0 1"/>
    <joint name="spin" type="hinge" axis="0 1 0"/>
    <geom type="cylinder" size="0.1 0.03" zaxis="0 1 0" mass="10" contype="0" conaffinity="0"/>
    </body></body></worldbody>
    <actuator><velocity name="x" joint="x" kv="100000"/><velocity name="spin" joint="spin" kv="10000"/></actuator>
    </mujoco>)";
  robots::RobotSimulation sim(writeScratchFile("wheel_driven.xml", xml), wheelTerrain());
  sim.setController(robots::controlTableFromCsv(
      writeScratchFile("wheel_driven.csv", "time,x,spin\n0,0.2,2.5\n100,0.2,2.5\n"), sim.model()));
  while (sim.time() < 1.5) sim.step();
  ASSERT_TRUE(sim.finite());
  const robots::WheelSoilWrench& w = sim.wheels().wheels().at(0).last;
  const bekker::SoilParameters soil = bekker::soilPreset("lll-dry-sand").soil;
  const bekker::WheelForces atSlip = bekker::solveSinkage(soil, bekker::StressShape{}, wheelGeometry(),
                                                          kWheelMass * kEarthGravity, 0.2);
  EXPECT_NEAR(w.slip, 0.2, 1e-3);
  EXPECT_NEAR(w.sinkage, atSlip.sinkage, 0.01 * atSlip.sinkage);
  EXPECT_NEAR(w.force.x(), atSlip.drawbarPull, 0.01 * std::fabs(atSlip.drawbarPull));
  EXPECT_NEAR(w.moment.y(), -atSlip.torque, 0.01 * atSlip.torque);
  EXPECT_GT(atSlip.drawbarPull, 0) << "lll-dry-sand pulls at 20 % slip";
}

// The ground under a wheel: on flat and sloped sand the plane's own normal (exactly
// (0, 0, 1) on flat sand, as the central differences gave it), on a deforming grid
// central differences of its heights.
TEST(WheelTerrain, GroundUnderAPlaneHasThePlanesNormal) {
  const robots::TerrainSurface flat{robots::SurfaceSpec{}};
  const robots::GroundPlane onFlat = robots::groundUnder(flat, 0.3, -0.2, 0.025);
  EXPECT_EQ(onFlat.normal, Eigen::Vector3d::UnitZ());
  EXPECT_EQ(onFlat.point, Eigen::Vector3d(0.3, -0.2, 0));

  robots::SurfaceSpec slope;
  slope.kind = robots::SurfaceSpec::Kind::Slope;
  slope.height = 0.02;
  slope.slopeAngle = 10 * M_PI / 180;
  slope.slopeDirection = 30 * M_PI / 180;
  const robots::TerrainSurface sloped{slope};
  const robots::GroundPlane onSlope = robots::groundUnder(sloped, 0.3, -0.2, 0.025);
  EXPECT_EQ(onSlope.point.z(), sloped.rftHeightAt(0.3, -0.2));
  EXPECT_NEAR(onSlope.normal.norm(), 1, 1e-15);
  EXPECT_NEAR(std::acos(onSlope.normal.z()), slope.slopeAngle, 1e-12);
  // Perpendicular to the surface along and across the slope's direction.
  const Eigen::Vector3d along(std::cos(slope.slopeDirection), std::sin(slope.slopeDirection),
                              std::tan(slope.slopeAngle));
  EXPECT_NEAR(onSlope.normal.dot(along), 0, 1e-15);
  EXPECT_NEAR(onSlope.normal.dot(Eigen::Vector3d(-along.y(), along.x(), 0)), 0, 1e-15);

  robots::DeformationSpec grid;
  grid.enabled = true;
  const robots::TerrainSurface deforming{slope, grid};
  EXPECT_FALSE(deforming.planeNormal().has_value());
  EXPECT_LT((robots::groundUnder(deforming, 0.3, -0.2, 0.025).normal - onSlope.normal).norm(), 1e-12);
}

// Ruts (wheel_rut.h): two 10 kg wheels in tandem on one carriage, the rear one 0.3 m behind
// the front on the same track, both at 20 % slip on a deforming grid. The front wheel sinks
// into fresh sand as it would on a flat surface (solveSinkage, 1 % as above); the rear one
// meets the front's rut and stands on its compacted floor: it sinks no deeper below the
// sand that was there (the same load), so below the floor it meets it sinks less than the
// front wheel did (under a quarter: loose sand slid from the rut's walls onto its floor is
// all it can press). The grid's volume falls by the imprints and by
// nothing else: V - V0 = spacing^2 sum (d + w) over the nodes, to rounding.
TEST(WheelTerrain, ARearWheelInTheFrontWheelsRutSinksLess) {
  const std::string wheel = R"(<joint type="slide" axis="0 0 1"/><joint name="%s" type="hinge" axis="0 1 0"/>
    <geom type="cylinder" size="0.1 0.03" zaxis="0 1 0" mass="10" contype="0" conaffinity="0"/>)";
  auto body = [&](const char* name, const char* spin, double x) {
    std::string w = wheel;
    w.replace(w.find("%s"), 2, spin);
    return std::string("<body name=\"") + name + "\" pos=\"" + std::to_string(x) + " 0 0\">" + w + "</body>";
  };
  const std::string xml =
      R"(<mujoco><option timestep="0.0002" gravity="0 0 -9.81" integrator="implicit"/>
    <worldbody><body name="carriage" pos="0 0 0.105"><joint name="x" type="slide" axis="1 0 0"/>
    <geom type="box" size="0.01 0.01 0.01" mass="1" contype="0" conaffinity="0"/>)" +
      body("front", "front_spin", 0.0) + body("rear", "rear_spin", -0.3) + R"(</body></worldbody>
    <actuator><velocity name="x" joint="x" kv="100000"/><velocity name="front_spin" joint="front_spin" kv="10000"/>
    <velocity name="rear_spin" joint="rear_spin" kv="10000"/></actuator></mujoco>)";
  const std::string terrain = R"({"surface": {"type": "flat", "height": 0}, "interact": [],
    "deformation": {"enabled": true, "spacing": 0.005, "extent": [-0.6, -0.1, 0.8, 0.1]},
    "wheels": [
      {"body": "front", "radius": 0.1, "width": 0.06, "soil": {"preset": "lll-dry-sand"}, "grousers": {"height": 0.005, "count": 16}},
      {"body": "rear", "radius": 0.1, "width": 0.06, "soil": {"preset": "lll-dry-sand"}, "grousers": {"height": 0.005, "count": 16}}]})";
  robots::RobotSimulation sim(writeScratchFile("tandem.xml", xml),
                              robots::loadTerrain(writeScratchFile("tandem.terrain.json", terrain)));
  sim.setController(robots::controlTableFromCsv(
      writeScratchFile("tandem.csv", "time,x,front_spin,rear_spin\n0,0.2,2.5,2.5\n100,0.2,2.5,2.5\n"), sim.model()));
  const robots::HeightGrid& grid = *sim.terrain().surface().grid();
  const double v0 = grid.volume();
  while (sim.time() < 2.5) sim.step();  // the rear wheel in the rut for the last 1.5 s
  ASSERT_TRUE(sim.finite());
  const robots::WheelSoilWrench& front = sim.wheels().wheels().at(0).last;
  const robots::WheelSoilWrench& rear = sim.wheels().wheels().at(1).last;
  const bekker::WheelForces atSlip = bekker::solveSinkage(
      bekker::soilPreset("lll-dry-sand").soil, bekker::StressShape{}, wheelGeometry(), kWheelMass * kEarthGravity, 0.2);
  EXPECT_NEAR(front.sinkage, atSlip.sinkage, 0.01 * atSlip.sinkage);
  // Once the front wheel has passed, its rut's walls slide onto the floor: loose sand that
  // the rear wheel counts as sand on top (wheel_rut.h), which moved its sinkage by up to
  // 2 mm (5 %) in this run.
  EXPECT_NEAR(rear.sinkage, atSlip.sinkage, 0.1 * atSlip.sinkage) << "below the sand before the rut";
  // The rut's floor under the rear wheel's lowest point, as the front wheel left it: its
  // permanent depth (the pattern, replaced by the rear's, is measured apart).
  const double rearX = sim.data()->xpos[3 * sim.wheels().wheels().at(1).body];
  const int i = static_cast<int>(std::lround((rearX - grid.x0()) / grid.spacing()));
  const int j = static_cast<int>(std::lround((0 - grid.y0()) / grid.spacing()));
  const double floor = grid.permanentDepth(i, j);
  EXPECT_NEAR(floor, -atSlip.sinkage, 0.02 * atSlip.sinkage) << "the front wheel's rut";
  const double rearBelowFloor = floor - (-rear.sinkage);
  // Without the rut's memory the rear wheel would sink a whole front sinkage below the floor.
  EXPECT_LT(std::fabs(rearBelowFloor), 0.25 * front.sinkage) << "the rear wheel sinks less than the front";
  double imprinted = 0, pattern = 0;
  for (int b = 0; b < grid.ny(); ++b)
    for (int a = 0; a < grid.nx(); ++a) {
      imprinted += grid.permanentDepth(a, b) + grid.trace(a, b);
      pattern = std::min(pattern, grid.trace(a, b));
    }
  const double cell = grid.spacing() * grid.spacing();
  EXPECT_NEAR(grid.volume() - v0, cell * imprinted, 1e-12 * std::fabs(cell * imprinted));
  EXPECT_LT(pattern, -0.003) << "grouser marks (5 mm grousers at 20 % slip: 4 mm deep)";
}

// A terrain file's wheel must name a body of the model; the problem carries its pointer.
TEST(WheelTerrain, UnknownWheelBodyGivesItsPointer) {
  const std::string xml = R"(<mujoco><worldbody><body name="chassis"><freejoint/>
    <geom type="box" size="0.1 0.1 0.1" mass="1"/></body></worldbody></mujoco>)";
  try {
    robots::RobotSimulation sim(writeScratchFile("no_wheel.xml", xml), wheelTerrain());
    FAIL() << "expected a TerrainError";
  } catch (const robots::TerrainError& e) {
    ASSERT_EQ(e.problems().size(), 1u);
    EXPECT_EQ(e.problems()[0].pointer, "/wheels/0/body");
  }
}

}  // namespace
}  // namespace regolith::test
