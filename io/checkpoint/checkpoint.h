// DIR/checkpoint.h5: everything `regolith run --resume` needs to continue exactly. Written
// to a temporary name and renamed, so a kill during the write leaves the previous one.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/engine_state.h"

namespace regolith {

namespace h5 {
class Group;  // io/h5/h5_file.h
class File;
}  // namespace h5

// Where the output stood when the checkpoint was taken.
struct OutputProgress {
  std::uint64_t framesWritten = 0;
  std::uint64_t nextFrameStep = 0;   // the step of the next frame due
  std::uint64_t nextSeriesStep = 0;  // the step of the next series row due
};

struct Checkpoint {
  std::string sceneJson;  // verbatim, to refuse resuming with a different scene
  std::uint64_t seed = 0;
  std::string rngState;
  EngineState engine;
  OutputProgress output;
  double wallSeconds = 0;  // run time so far (progress reporting only)
};

void writeCheckpoint(const std::string& path, const Checkpoint& c);  // tmp + rename
Checkpoint readCheckpoint(const std::string& path);                  // throws std::runtime_error naming path

// Creates `path` through `write`, into a temporary name renamed when it is complete: a
// kill during the write leaves the previous file. Both checkpoints are written so.
void writeFileAtomically(const std::string& path, const std::function<void(const h5::File&)>& write);

// The engine's part alone, in a group of any file (a robot run's checkpoint holds it too:
// io/checkpoint/robot_checkpoint.h).
void writeEngineState(const h5::Group& g, const EngineState& e);
EngineState readEngineState(const h5::Group& g);

}  // namespace regolith
