// Invalid input, whatever the file: a scene, a sweep, a terrain or model file, a checkpoint
// or run file, a value a caller passed. Every library's own error for it (scenes'
// SceneError, io's InputFileError, batch's PlanError, core's TimeStepError, robots'
// TerrainError) derives from this one, so that the run service (service/outcome.h), the
// command line (exit 2) and the Python module (ValueError) sort a bad input by its type
// alone. It lives beside EnvironmentError in kernels/, the lowest folder, header-only and
// over the standard library alone, so that every library may derive from it (robots/,
// which links nothing of the engine, includes this header and nothing else of kernels/).
#pragma once

#include <stdexcept>
#include <string>

namespace regolith {

class InvalidInputError : public std::runtime_error {
 public:
  // `place`: the file at fault (with its JSON pointer, dataset or line where the error has
  // one place), or empty when the message says it all.
  InvalidInputError(const std::string& what, std::string place) : std::runtime_error(what), m_place(std::move(place)) {}
  const std::string& place() const { return m_place; }

 private:
  std::string m_place;
};

}  // namespace regolith
