// An engine state through a checkpoint file and back: what a resumed run starts from.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "io/checkpoint/checkpoint.h"

namespace regolith::test {

inline EngineState throughCheckpointFile(const EngineState& e, const std::string& name) {
  Checkpoint c;
  c.engine = e;
  const std::string path = ::testing::TempDir() + "/" + name;
  writeCheckpoint(path, c);
  EngineState back = readCheckpoint(path).engine;
  std::remove(path.c_str());
  return back;
}

}  // namespace regolith::test
