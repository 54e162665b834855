// A file the program reads that is not what it should be (a checkpoint with a NaN
// position, a contact key past the spheres): refused with the file, the dataset and what
// was expected. The commands exit with kSceneErrorExitCode (2, invalid input) for it, as
// for a bad scene, not with 1 (a failure of the run itself).
#pragma once

#include <stdexcept>
#include <string>

#include "kernels/backend/input_error.h"

namespace regolith {

class InputFileError : public InvalidInputError {
 public:
  // "<file>: <dataset>: found <found>, expected <expected>"
  InputFileError(const std::string& file, const std::string& dataset, const std::string& found,
                 const std::string& expected)
      : InvalidInputError(file + ": " + dataset + ": found " + found + ", expected " + expected, file + ": " + dataset),
        file_(file),
        dataset_(dataset) {}
  // "<file>: <dataset>: <reason>", for a refusal that is not one value out of range.
  InputFileError(const std::string& file, const std::string& dataset, const std::string& reason)
      : InvalidInputError(file + ": " + dataset + ": " + reason, file + ": " + dataset),
        file_(file),
        dataset_(dataset) {}

  // "<file>: <reason>", for a file refused as a whole (missing, not HDF5, a FIFO).
  InputFileError(const std::string& file, const std::string& reason)
      : InvalidInputError(file + ": " + reason, file), file_(file) {}

  // Where, for a program that reports it its own way (the Python module's
  // regolith.InputFileError has them as attributes).
  const std::string& file() const { return file_; }
  const std::string& dataset() const { return dataset_; }

 private:
  std::string file_;
  std::string dataset_;  // the dataset or attribute path, with its row where one is named
};

}  // namespace regolith
