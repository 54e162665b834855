// regolith_write_sample_run DIR: writes the Output tests' sample run (run.h5, run.xmf,
// series.csv, checkpoint.h5) into DIR, the fixture of the Python and ParaView tests;
// and DIR/expected.json with the counts those tests check against. DIR/large holds a larger
// run of synthetic frames with the default compression and a static-group change
// (tests/support/lattice_run.h): run.h5, run.xmf, expected.json and positions.bin, every
// frame's sphere positions as little-endian float64, for the bit-for-bit h5py check.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "tests/support/lattice_run.h"
#include "tests/support/sample_run.h"

namespace {

// Per frame: time, spheres, owners, contacts, body vertices and triangles (as the run
// file stores them), then the body names and the series rows.
void writeExpected(const regolith::test::SampleRun& run, const std::string& dir) {
  const regolith::RunFileReader reader(dir + "/run.h5");
  std::ofstream expected(dir + "/expected.json");
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
}

void writeLargeRun(const std::string& dir) {
  std::filesystem::create_directories(dir);
  const regolith::test::SampleRun run = regolith::test::latticeRun(2000, 4);
  {
    auto writer = regolith::RunFileWriter::create(dir + "/run.h5", run.header, dir + "/run.xmf");
    for (const regolith::FrameData& f : run.frames) writer->writeFrame(f);
  }
  writeExpected(run, dir);
  std::ofstream positions(dir + "/positions.bin", std::ios::binary);
  for (const regolith::FrameData& f : run.frames)
    for (const regolith::Vec3d& p : f.sphereCentres)
      for (double v : {p.x, p.y, p.z}) positions.write(reinterpret_cast<const char*>(&v), sizeof v);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: regolith_write_sample_run DIR" << std::endl;
    return 1;
  }
  try {
    std::filesystem::create_directories(argv[1]);
    const regolith::test::SampleRun run = regolith::test::simulateSampleRun();
    regolith::test::writeSampleRun(run, argv[1]);
    writeExpected(run, argv[1]);
    writeLargeRun(std::string(argv[1]) + "/large");
    const regolith::RunFileReader reader(std::string(argv[1]) + "/run.h5");
    std::cout << "wrote " << argv[1] << ": " << reader.frameCount() << " frames" << std::endl;
  } catch (const std::exception& e) {
    std::cerr << "regolith_write_sample_run: " << e.what() << std::endl;
    return 1;
  }
  return 0;
}
