// What a call refuses with: the message of the std::invalid_argument it throws, or
// "(no throw)", so input tests can assert that a message names the bad parameter.
#pragma once

#include <stdexcept>
#include <string>

namespace regolith::models_test {

template <class F>
std::string thrownMessage(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return std::string(e.what());
  }
  return std::string("(no throw)");
}

}  // namespace regolith::models_test
