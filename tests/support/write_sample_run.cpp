// regolith_write_sample_run DIR: writes the Output tests' sample run (run.h5, run.xmf,
// series.csv, checkpoint.h5) into DIR, the fixture of the Python and ParaView tests;
// and DIR/expected.json with the counts those tests check against.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "tests/support/sample_run.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: regolith_write_sample_run DIR" << std::endl;
    return 1;
  }
  try {
    std::filesystem::create_directories(argv[1]);
    const regolith::test::SampleRun run = regolith::test::simulateSampleRun();
    regolith::test::writeSampleRun(run, argv[1]);
    // Per frame: time, spheres, body vertices and triangles (as the run file stores them).
    const regolith::RunFileReader reader(std::string(argv[1]) + "/run.h5");
    std::ofstream expected(std::string(argv[1]) + "/expected.json");
    expected.precision(17);
    expected << "{\"frames\": [";
    for (std::size_t k = 0; k < reader.frameCount(); ++k) {
      const regolith::FrameView view = reader.frameView(k);
      expected << (k ? ", " : "") << "{\"time\": " << run.frames[k].time
               << ", \"spheres\": " << run.frames[k].sphereCentres.size()
               << ", \"owners\": " << run.frames[k].state.ownerCount()
               << ", \"has_contacts\": " << (run.frames[k].hasContacts ? "true" : "false")
               << ", \"body_vertices\": " << view.bodies.vertices.size()
               << ", \"body_triangles\": " << view.bodies.triangles.size() << "}";
    }
    expected << "], \"bodies\": [";
    for (std::size_t b = 0; b < run.header.bodyNames.size(); ++b)
      expected << (b ? ", " : "") << "\"" << run.header.bodyNames[b] << "\"";
    expected << "], \"series_rows\": " << run.seriesRows.size() << "}\n";
    std::cout << "wrote " << argv[1] << ": " << reader.frameCount() << " frames" << std::endl;
  } catch (const std::exception& e) {
    std::cerr << "regolith_write_sample_run: " << e.what() << std::endl;
    return 1;
  }
  return 0;
}
