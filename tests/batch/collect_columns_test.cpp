// `regolith collect`: one column per name. The wheel study sweeps slip and also measures
// it; the table used to hold two columns named `slip` (the swept and the measured value),
// which a CSV reader or pandas cannot tell apart.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "batch/collect.h"
#include "batch/manifest.h"
#include "tests/support/scratch_dir.h"

namespace regolith::batch {
namespace {

namespace fs = std::filesystem;

TEST(Collect, AMetricNamedLikeAParameterGetsItsOwnColumn) {
  const fs::path dir = test::scratchDir("collect_columns");
  fs::create_directories(dir);
  Manifest m;
  m.sweepFile = (dir / "sweep.json").string();
  m.sceneFile = (dir / "scene.json").string();
  m.hasStudy = true;
  m.parameters = {{"slip", "/study/slip"}};
  ManifestRun run;
  run.id = "run_0000";
  run.values = {{"slip", 0.3}};
  run.seed = 7;
  run.status = "finished";
  run.result = "run_0000/metrics.json";
  m.runs = {run};
  writeManifest(dir.string(), m);
  fs::create_directories(dir / "run_0000");
  std::ofstream(dir / "run_0000" / "metrics.json")
      << R"({"study": "wheel", "metrics": {"slip": {"value": 0.27, "unit": "1"},
                                           "drawbar_pull": {"value": 1.5, "unit": "N"}}})";

  const Dataset d = collectDataset(dir.string());
  std::set<std::string> names;
  for (const DatasetColumn& c : d.columns) EXPECT_TRUE(names.insert(c.name).second) << "two columns named " << c.name;
  ASSERT_EQ(d.rows.size(), 1u);
  const auto column = [&d](const std::string& name) {
    for (std::size_t c = 0; c < d.columns.size(); ++c)
      if (d.columns[c].name == name) return d.rows[0][c];
    ADD_FAILURE() << "no column " << name;
    return Json();
  };
  EXPECT_EQ(column("slip"), 0.3);            // the swept value
  EXPECT_EQ(column("measured_slip"), 0.27);  // the metric
  EXPECT_EQ(column("drawbar_pull"), 1.5);    // a metric without a twin keeps its name
  EXPECT_NE(datasetCsv(d).find("slip,seed"), std::string::npos) << datasetCsv(d);
  EXPECT_NE(datasetCsv(d).find("measured_slip"), std::string::npos);
}

}  // namespace
}  // namespace regolith::batch
