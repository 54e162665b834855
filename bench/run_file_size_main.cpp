// regolith_run_file_size RUN.h5 DIR: rewrites every frame of an existing run file with
// each compression setting (io/run_file/run_file.h, RunFileCompression) into DIR and prints the
// size (bytes per sphere per frame) and the time writeFrame took, so the defaults of
// output.deflate and output.shuffle rest on measurements (docs/output-format.md).
#include <chrono>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <vector>

#include "io/run_file/run_file.h"

int main(int argc, char** argv) {
  using namespace regolith;
  if (argc != 3) {
    std::cerr << "usage: regolith_run_file_size RUN.h5 DIR" << std::endl;
    return 1;
  }
  try {
    const RunFileReader reader(argv[1]);
    std::vector<FrameData> frames;
    double sphereFrames = 0;
    for (std::size_t k = 0; k < reader.frameCount(); ++k) {
      frames.push_back(reader.frame(k));
      sphereFrames += double(frames.back().state.sphereCount());
    }
    std::filesystem::create_directories(argv[2]);
    const double given = double(std::filesystem::file_size(argv[1]));
    std::printf("%s: %zu frames, %.0f spheres per frame on average, %.1f MB, %.1f bytes per sphere per frame\n",
                argv[1], frames.size(), sphereFrames / double(frames.size()), given / 1e6, given / sphereFrames);
    // Wall time and this process's CPU time (on a shared machine the wall time includes
    // waiting for a core).
    std::printf("deflate  shuffle      MB  bytes/sphere/frame  write ms/frame (wall, cpu)\n");
    for (const RunFileCompression c :
         {RunFileCompression{0, false}, RunFileCompression{0, true}, RunFileCompression{1, false},
          RunFileCompression{1, true}, RunFileCompression{4, false}, RunFileCompression{4, true},
          RunFileCompression{9, true}}) {
      const std::string path = std::string(argv[2]) + "/deflate" + std::to_string(c.deflate) +
                               (c.shuffle ? "_shuffle" : "") + ".h5";
      double seconds = 0;
      const std::clock_t cpuStart = std::clock();
      {
        auto writer = RunFileWriter::create(path, reader.header(), "", c);
        for (const FrameData& f : frames) {
          const auto start = std::chrono::steady_clock::now();
          writer->writeFrame(f);
          seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
      }
      const double cpu = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
      const double bytes = double(std::filesystem::file_size(path));
      std::printf("%7d  %7s  %6.1f  %18.1f  %8.2f %8.2f\n", c.deflate, c.shuffle ? "on" : "off", bytes / 1e6,
                  bytes / sphereFrames, 1e3 * seconds / double(frames.size()), 1e3 * cpu / double(frames.size()));
    }
  } catch (const std::exception& e) {
    std::cerr << "regolith_run_file_size: " << e.what() << std::endl;
    return 1;
  }
  return 0;
}
