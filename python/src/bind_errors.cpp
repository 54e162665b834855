// C++ exceptions as regolith.errors' Python types: a SceneError keeps its problems, a
// blow-up its step, an InputFileError its file and dataset. Everything else takes
// pybind11's standard translation (std::invalid_argument -> ValueError,
// std::runtime_error -> RuntimeError).
#include <string>

#include "calibrate/run_set.h"
#include "core/blow_up_guard.h"
#include "io/input_file_error.h"
#include "kernels/detection/build_guard.h"
#include "python/src/bindings.h"

namespace regolith::python {
namespace py = pybind11;

namespace {

// Raises the Python exception `cls(args...)`.
template <class... Args>
void raise(const char* cls, Args&&... args) {
  const py::object type = py::module_::import("regolith.errors").attr(cls);
  const py::object error = type(std::forward<Args>(args)...);
  PyErr_SetObject(type.ptr(), error.ptr());
}

}  // namespace

void bindErrors(py::module_&) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const SceneError& e) {
      py::list problems;
      for (const SceneProblem& q : e.problems()) problems.append(py::make_tuple(q.pointer, q.found, q.expected));
      raise("SceneError", std::string(e.what()), e.file(), problems);
    } catch (const BlowUpError& e) {
      raise("BlowUpError", std::string(e.what()), e.step());
    } catch (const CandidateOverflow& e) {
      raise("BlowUpError", std::string(e.what()));
    } catch (const InputFileError& e) {
      raise("InputFileError", std::string(e.what()), e.file(), e.dataset());
    } catch (const calibrate::CalibrationError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
}

}  // namespace regolith::python
