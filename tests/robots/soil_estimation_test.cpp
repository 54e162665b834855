// The soil estimator beside the rover (robots/soil_estimation.h, suite RoverSoilEstimation):
// it recovers the soil the rover drives on, follows the change of soil between the regions
// of examples/robots/rover/rover_soil_estimation.terrain.json, and bad soil regions and
// estimator sections give their pointers.
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/run_file/robot_run_file.h"
#include "robots/robot_simulation.h"
#include "tests/support/scratch_dir.h"

namespace regolith::test {
namespace {

const std::string kEstimatorRoverDir = std::string(REGOLITH_SOURCE_DIR) + "/examples/robots/rover/";

// |state - truth| / sd per state component of the rover's estimator now.
Eigen::VectorXd estimatorZ(const robots::RobotSimulation& sim) {
  const robots::WheelSoilEstimation& e = *sim.estimation();
  return (e.filter().state() - e.truth(sim.wheels())).cwiseQuotient(e.filter().stateSigma()).cwiseAbs();
}

void printEstimator(const robots::RobotSimulation& sim) {
  const robots::WheelSoilEstimation& e = *sim.estimation();
  const std::vector<std::string> names = e.stateNames();
  const Eigen::VectorXd truth = e.truth(sim.wheels());
  std::printf("t = %.2f s, %llu restarts:", sim.time(), static_cast<unsigned long long>(e.restarts()));
  for (std::size_t i = 0; i < names.size(); ++i)
    std::printf(" %s %.4g +- %.2g (true %.4g)", names[i].c_str(), e.filter().state()[i], e.filter().stateSigma()[i],
                truth[i]);
  std::printf("\n");
}

robots::RobotSimulation& runEstimatorRover(robots::RobotSimulation& sim, double until) {
  while (sim.time() < until - 0.5 * sim.timeStep()) sim.step();
  return sim;
}

// The rover at 0.23 m/s on LLL dry sand alone (the file's regions removed), 4 s (200
// updates of 4 wheels): every component within 2 of its reported sd of the truth, and the
// sd below half the prior's (measured: 0.08, 0.05, 0.23, 0.06 of it in log k_phi, n, phi,
// log K; all within 0.25 sd of the truth), so a filter that learns nothing fails.
TEST(RoverSoilEstimation, RecoversTheSoilItDrivesOnWithinTwoSigma) {
  robots::RobotSimulation sim(
      kEstimatorRoverDir + "rover.xml",
      robots::loadTerrain(kEstimatorRoverDir + "rover_soil_estimation.terrain.json", {"/soil_regions=[]"}));
  sim.setController(robots::controlTableFromCsv(kEstimatorRoverDir + "speed_0.23.csv", sim.model()));
  runEstimatorRover(sim, 4);
  printEstimator(sim);
  const Eigen::VectorXd z = estimatorZ(sim);
  const Eigen::VectorXd sd = sim.estimation()->filter().stateSigma();
  const Eigen::Vector4d priorSd(1.0, 0.3, 0.15, 1.0);
  for (int i = 0; i < 4; ++i) {
    EXPECT_LE(z[i], 2) << sim.estimation()->stateNames()[i];
    EXPECT_LT(sd[i], 0.5 * priorSd[i]) << sim.estimation()->stateNames()[i];
  }
  EXPECT_EQ(sim.estimation()->restarts(), 0u);
  EXPECT_EQ(sim.estimation()->updates(), 200u);
}

// Across the boundary at x = 2 m (LLL dry sand to LETE sand): within 2 sd of LLL before
// the front wheels reach it (7.5 s), restarted from the prior while the rover straddles it,
// and within 2 sd of LETE (k_phi the effective one with the prior's k_c) by 13 s, 1.9 s
// after the rear wheels crossed (measured: at 7.5 s at most 1.2 sd off, log K; at 13 s
// 1.5, log k_phi; 123 restarts, from 8.66 s to 11.10 s).
TEST(RoverSoilEstimation, FollowsTheChangeOfSoilBetweenRegions) {
  robots::RobotSimulation sim(kEstimatorRoverDir + "rover.xml",
                              robots::loadTerrain(kEstimatorRoverDir + "rover_soil_estimation.terrain.json"));
  sim.setController(robots::controlTableFromCsv(kEstimatorRoverDir + "speed_0.23.csv", sim.model()));
  runEstimatorRover(sim, 7.5);
  printEstimator(sim);
  EXPECT_EQ(sim.wheels().wheels()[0].region, 0);
  EXPECT_LE(estimatorZ(sim).maxCoeff(), 2);
  EXPECT_EQ(sim.estimation()->restarts(), 0u);
  runEstimatorRover(sim, 13);
  printEstimator(sim);
  EXPECT_EQ(sim.wheels().wheels()[3].region, 1) << "the rear wheels are on LETE sand";
  EXPECT_LE(estimatorZ(sim).maxCoeff(), 2);
  EXPECT_GE(sim.estimation()->restarts(), 1u);
}

// `regolith robot` with the estimator writes /estimator: a row at the start and one per
// update (0.5 s at every 20 steps of 1 ms: 25), named by its columns attribute.
TEST(RoverSoilEstimation, RegolithRobotWritesTheEstimatorRows) {
  const std::string dir = scratchDir("rover_soil_estimation").string();
  const std::string command = std::string(REGOLITH_BINARY) + " robot " + kEstimatorRoverDir + "rover.xml --terrain " +
                              kEstimatorRoverDir + "rover_soil_estimation.terrain.json --control " +
                              kEstimatorRoverDir + "speed_0.23.csv --duration 0.5 --out " + dir + " --overwrite -q > " +
                              dir + ".log 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command;
  const RobotRunSeries run = readRobotRun(dir + "/run.h5");
  const std::vector<std::string> expected = {"time",         "wheels", "nis",        "restarts", "logKphi", "n",
                                             "phi",          "logK",   "logKphi_sd", "n_sd",     "phi_sd",  "logK_sd",
                                             "logKphi_true", "n_true", "phi_true",   "logK_true"};
  ASSERT_EQ(run.estimatorColumns, expected);
  ASSERT_EQ(run.estimatorRows.size(), 26 * expected.size());
  const double* last = run.estimatorRows.data() + 25 * expected.size();
  EXPECT_NEAR(last[0], 0.5, 1e-9);
  EXPECT_EQ(last[1], 4);  // four wheels in contact
  EXPECT_EQ(last[3], 0);  // no restarts on one soil
  EXPECT_NEAR(last[13], 1.1, 1e-12) << "LLL dry sand's n under the first wheel";
  EXPECT_TRUE(std::isnan(run.estimatorRows[2])) << "no innovation before the first update";
}

std::string estimatorProblems(const std::string& extra, const std::string& secondRadius = "0.1") {
  const std::string text = R"({"surface": {"type": "flat"}, "interact": [], "wheels": [
      {"body": "a", "radius": 0.1, "width": 0.08, "soil": {"preset": "lll-dry-sand"}},
      {"body": "b", "radius": )" +
                           secondRadius + R"(, "width": 0.08, "soil": {"preset": "lll-dry-sand"}}])" + extra + "}";
  try {
    robots::parseTerrain(text, "t.json", ".");
  } catch (const robots::TerrainError& e) {
    return e.what();
  }
  return "";
}

TEST(RoverSoilEstimation, BadRegionsAndEstimatorsGiveTheirPointers) {
  const std::string prior = R"("prior": {"preset": "lete-sand"}, "measurement_sd": {"load": 1, "torque": 0.1})";
  EXPECT_EQ(estimatorProblems(R"(, "estimator": {)" + prior + "}"), "");
  EXPECT_NE(estimatorProblems(R"(, "soil_regions": [{"x_min": 1, "x_max": 0, "y_min": 0, "y_max": 1,
                                  "soil": {"preset": "lete-sand"}}])")
                .find("t.json: /soil_regions/0/x_max: found 0 with x_min 1, expected x_max > x_min"),
            std::string::npos);
  EXPECT_NE(estimatorProblems(R"(, "soil_regions": [{"x_min": 0, "x_max": 1, "y_min": 0, "y_max": 1,
                                  "soil": {"preset": "lete-sand", "n": 4}}])")
                .find("/soil_regions/0/soil/n"),
            std::string::npos);
  EXPECT_NE(estimatorProblems(R"(, "estimator": {)" + prior + "}", "0.12")
                .find("t.json: /wheels/1/radius: found 0.12 m, expected 0.1 m, the first wheel's"),
            std::string::npos);
  EXPECT_NE(estimatorProblems(R"(, "estimator": {)" + prior + R"(, "prior_sd": {"n": 0}})")
                .find("t.json: /estimator/prior_sd/n: found 0, expected a standard deviation > 0"),
            std::string::npos);
  EXPECT_NE(estimatorProblems(R"(, "estimator": {"prior": {"preset": "lete-sand"}})").find("/estimator"),
            std::string::npos);
  EXPECT_NE(estimatorProblems(R"(, "estimator": {"prior": {"preset": "lete-sand", "kphi": 0},
                                 "measurement_sd": {"load": 1, "torque": 0.1}})")
                .find("t.json: /estimator/prior: found kphi 0, expected kphi > 0"),
            std::string::npos);
  const std::string noWheels = R"({"surface": {"type": "flat"}, "interact": [], "estimator": {)" + prior + "}}";
  try {
    robots::parseTerrain(noWheels, "t.json", ".");
    ADD_FAILURE() << "an estimator with no wheels was accepted";
  } catch (const robots::TerrainError& e) {
    EXPECT_NE(std::string(e.what()).find("t.json: /estimator: found an estimator with no wheels"), std::string::npos);
  }
}

}  // namespace
}  // namespace regolith::test
