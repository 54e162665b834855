// postprocess/robot_metrics.h on series whose answers are known in closed form, and
// `regolith metrics` on a real `regolith robot` run: a box dragged at a prescribed speed.
#include "postprocess/robot_metrics.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

namespace fs = std::filesystem;

// A root body walking at v along x, bobbing by a about h and pitching by +-A at the gait's
// frequency, from t = 0 to 3.5 s with a tripod gait of period 1 s started at 0.5 s; a
// foot that touches the sand in the first half of each cycle with sinkage s.
RobotRunSeries walker(double v, double h, double a, double amplitude, double s) {
  RobotRunSeries run;
  run.header.bodyNames = {"chassis", "foot"};
  run.header.control = "tripod period=1 stride=0.5 lift=0.6 duty=0.5 start=0.5";
  run.bodyRows.resize(2);
  for (int i = 0; i <= 350; ++i) {
    const double t = 0.01 * i, phase = 2 * M_PI * t, theta = amplitude * std::sin(phase);
    const std::vector<double> chassis = {t,
                                         v * t,
                                         0,
                                         h + a * std::sin(phase),
                                         std::cos(theta / 2),
                                         0,
                                         std::sin(theta / 2),
                                         0,
                                         v,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0,
                                         0};
    const bool stance = std::fmod(t, 1.0) < 0.5;
    std::vector<double> foot(22, 0.0);
    foot[0] = t, foot[20] = stance ? 10 : 0, foot[21] = stance ? s : 0;
    run.bodyRows[0].insert(run.bodyRows[0].end(), chassis.begin(), chassis.end());
    run.bodyRows[1].insert(run.bodyRows[1].end(), foot.begin(), foot.end());
  }
  return run;
}

TEST(RobotMetrics, ClosedFormsOfAWalkingSeries) {
  const double v = 0.03, h = 0.08, a = 0.002, amplitude = 0.05, s = 0.004;
  const postprocess::RobotMetrics m = postprocess::robotMetrics(walker(v, h, a, amplitude, s));
  // Whole cycles after the first: [1.5, 3.5], two cycles.
  EXPECT_DOUBLE_EQ(m.window.begin, 1.5);
  EXPECT_DOUBLE_EQ(m.window.end, 3.5);
  EXPECT_DOUBLE_EQ(m.cycles, 2);
  EXPECT_NEAR(m.distanceX, 2 * v, 1e-12);
  EXPECT_NEAR(m.distancePerCycle, v, 1e-12);
  EXPECT_NEAR(m.meanSpeed, v, 1e-12);
  // The sine averages out over whole cycles (trapezoid rule at 100 samples a cycle: exact).
  EXPECT_NEAR(m.meanHeight, h, 1e-12);
  EXPECT_NEAR(m.minHeight, h - a, 1e-12);
  // Sampled at 0.01 s, the sine's extremes at quarter cycles are samples: +-A exactly.
  EXPECT_NEAR(m.pitchPeakToPeak, 2 * amplitude, 1e-12);
  EXPECT_NEAR(m.rollPeakToPeak, 0, 1e-12);
  ASSERT_EQ(m.feet.size(), 1u);
  EXPECT_EQ(m.feet[0].body, "foot");
  EXPECT_NEAR(m.feet[0].mean, s, 1e-12);
  // No actuator work recorded: the terrain's (here none) is what is used, and said so.
  EXPECT_FALSE(std::isfinite(m.actuatorWork));
  EXPECT_NE(m.energySource.find("no actuator work"), std::string::npos) << m.energySource;
}

TEST(RobotMetrics, NoGaitMeansTheWholeRun) {
  RobotRunSeries run = walker(0.03, 0.08, 0, 0, 0.004);
  run.header.control = "table gait.csv";
  const postprocess::RobotMetrics m = postprocess::robotMetrics(run);
  EXPECT_DOUBLE_EQ(m.window.begin, 0);
  EXPECT_DOUBLE_EQ(m.window.end, 3.5);
  EXPECT_NEAR(m.distanceX, 0.03 * 3.5, 1e-12);
  EXPECT_TRUE(std::isnan(m.distancePerCycle));
}

// A wheeled run without a gait on a 10 degree slope: level for the first second (the drop),
// then pitched 10 degrees with a +-0.5 degree rocking at 2 Hz; one wheel whose slip is 0.9
// in the first second (the start) and 0.2 after, sinkage 3 mm then 12 mm, in contact
// except every fifth sample.
RobotRunSeries roverOnASlope() {
  RobotRunSeries run;
  run.header.bodyNames = {"chassis"};
  run.header.control = "table speed.csv";
  run.bodyRows.resize(1);
  run.wheelNames = {"wheel_fl"};
  run.wheelRows.resize(1);
  const double slope = 10 * M_PI / 180, rock = 0.5 * M_PI / 180;
  for (int i = 0; i <= 400; ++i) {
    const double t = 0.01 * i, theta = t < 1 ? 0 : slope + rock * std::sin(2 * M_PI * 2 * t);
    std::vector<double> row(22, 0.0);
    row[0] = t, row[1] = 0.1 * t, row[3] = 0.1;
    row[4] = std::cos(theta / 2), row[6] = std::sin(theta / 2);
    run.bodyRows[0].insert(run.bodyRows[0].end(), row.begin(), row.end());
    const bool contact = i % 5 != 0;
    const std::vector<double> wheel = {
        t, contact ? 1.0 : 0.0, t < 1 ? 0.003 : 0.012, t < 1 ? 0.9 : 0.2, 0, contact ? 8.0 : 0.0, 1, 0, 0.5};
    run.wheelRows[0].insert(run.wheelRows[0].end(), wheel.begin(), wheel.end());
  }
  return run;
}

TEST(RobotMetrics, RockingIsAboutTheMeanAttitudeInTheSteadyWindow) {
  const postprocess::RobotMetrics m = postprocess::robotMetrics(roverOnASlope());
  EXPECT_DOUBLE_EQ(m.steady.begin, 2);
  EXPECT_DOUBLE_EQ(m.steady.end, 4);
  EXPECT_NEAR(m.pitchMean, 10 * M_PI / 180, 1e-4);
  // The rocking is +-0.5 degrees about the slope's 10 (sampled at 0.01 s, 2 Hz: a peak is
  // within 5 ms of a sample, 2e-3 of it), not the 10 of the slope itself.
  EXPECT_NEAR(m.pitchPeakToPeak, 1.0 * M_PI / 180, 1e-4);
  EXPECT_NEAR(m.rollPeakToPeak, 0, 1e-9);
  EXPECT_NEAR(m.rollMean, 0, 1e-9);
}

TEST(RobotMetrics, WheelSlipAndSinkageOverTheSteadyWindow) {
  const postprocess::RobotMetrics m = postprocess::robotMetrics(roverOnASlope());
  ASSERT_EQ(m.wheels.size(), 1u);
  const postprocess::WheelMetrics& w = m.wheels[0];
  EXPECT_EQ(w.body, "wheel_fl");
  EXPECT_NEAR(w.slip, 0.2, 1e-12) << "the start's 0.9 is outside the steady window";
  EXPECT_NEAR(w.sinkage, 0.012, 1e-12);
  EXPECT_NEAR(w.sinkagePeak, 0.012, 1e-12);
  EXPECT_NEAR(w.load, 8, 1e-12) << "over the samples in contact only";
  EXPECT_NEAR(w.contact, 160.0 / 201.0, 1e-12);
}

int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The box dragged at v = 0.05 m/s for 1 s by a stiff velocity actuator (tau = m / kv =
// 0.1 ms, so the start-up lag v tau is 5 um): distance (v - drag / kv) t, where the drag
// is the actuator's work per metre, within 0.1 %; no rotation (slide joints).
TEST(RobotMetrics, DraggedBoxWalksVTimesT) {
  const std::string data = std::string(REGOLITH_SOURCE_DIR) + "/tests/data/robots/";
  const fs::path dir = scratchDir("robot_metrics_drag");
  const std::string log = dir.string() + ".log";
  ASSERT_EQ(shell(std::string(REGOLITH_BINARY) + " robot " + data + "drag_box.xml --terrain " + data +
                  "drag_box_terrain.json --control " + data +
                  "drag_box_control.csv --duration 1 -q --overwrite --out " + dir.string() + " > " + log + " 2>&1"),
            0);
  ASSERT_EQ(shell(std::string(REGOLITH_BINARY) + " metrics " + dir.string() + " > " + log + " 2>&1"), 0);
  const nlohmann::json j = nlohmann::json::parse(std::ifstream(dir / "metrics.json"));
  const nlohmann::json& m = j.at("metrics");
  EXPECT_EQ(j.at("study"), "robot");
  EXPECT_EQ(m.at("distance_x").at("unit"), "m");
  // The actuator runs behind its target by drag / kv, and the drag is the work per metre.
  const double drag = m.at("energy_per_distance").at("value").get<double>(), speed = 0.05 - drag / 20000;
  EXPECT_GT(drag, 0);
  EXPECT_NEAR(m.at("distance_x").at("value").get<double>(), speed * 1.0, 0.001 * speed);
  EXPECT_NEAR(m.at("mean_speed").at("value").get<double>(), speed, 0.001 * speed);
  EXPECT_NEAR(m.at("distance_x").at("value").get<double>(), 0.05, 0.05 * 0.02) << "about v t";
  EXPECT_LT(m.at("pitch_peak_to_peak").at("value").get<double>(), 1e-9);
  EXPECT_GT(m.at("sinkage_mean_box").at("value").get<double>(), 0);
  // Energy balance over the run: what the actuator put in, plus what gravity gave as the
  // box sank, less its kinetic energy at the end, is what the terrain dissipated (5 %:
  // the work is summed each step, the dissipation over 2 ms series rows).
  std::ifstream csv(dir / "series.csv");
  std::string line, first, last;
  std::getline(csv, line);
  std::getline(csv, first);
  while (std::getline(csv, line)) last = line;
  const auto column = [](const std::string& row, int k) {
    std::stringstream cells(row);
    std::string cell;
    for (int i = 0; i <= k; ++i) std::getline(cells, cell, ',');
    return std::atof(cell.c_str());
  };
  const double mass = 2, drop = column(first, 4) - column(last, 4), kinetic = 0.5 * mass * 0.05 * 0.05;
  const double work = m.at("actuator_work").at("value").get<double>();
  const double dissipated = m.at("terrain_dissipation").at("value").get<double>();
  EXPECT_GT(work, 0);
  EXPECT_GT(drop, 0);
  const double supplied = work + mass * 9.81 * drop - kinetic;
  EXPECT_NEAR(dissipated, supplied, 0.05 * supplied) << "work " << work << " drop " << drop;
  EXPECT_NE(j.at("parameters").at("energy_source").get<std::string>().find("actuators"), std::string::npos);

  // `regolith plot`: the robot figure (matplotlib, as the other plot tests), its panels.
  ASSERT_EQ(shell(std::string(REGOLITH_BINARY) + " plot " + dir.string() + " --format svg > " + log + " 2>&1"), 0);
  std::ifstream svgFile(dir / "robot.svg");
  const std::string svg((std::istreambuf_iterator<char>(svgFile)), std::istreambuf_iterator<char>());
  for (const char* label : {"body height [mm]", "angle [deg]", "distance along x [mm]", "sinkage [mm]", "time [s]"})
    EXPECT_NE(svg.find(label), std::string::npos) << label;
}

}  // namespace
}  // namespace regolith::test
