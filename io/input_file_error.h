// A file the program reads that is not what it should be (a checkpoint with a NaN
// position, a contact key past the spheres): refused with the file, the dataset and what
// was expected. The commands exit with kSceneErrorExitCode (2, invalid input) for it, as
// for a bad scene, not with 1 (a failure of the run itself).
#pragma once

#include <stdexcept>
#include <string>

namespace regolith {

class InputFileError : public std::runtime_error {
 public:
  // "<file>: <dataset>: found <found>, expected <expected>"
  InputFileError(const std::string& file, const std::string& dataset, const std::string& found,
                 const std::string& expected)
      : std::runtime_error(file + ": " + dataset + ": found " + found + ", expected " + expected) {}
  // "<file>: <dataset>: <reason>", for a refusal that is not one value out of range.
  InputFileError(const std::string& file, const std::string& dataset, const std::string& reason)
      : std::runtime_error(file + ": " + dataset + ": " + reason) {}
};

}  // namespace regolith
