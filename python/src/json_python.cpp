// nlohmann::json <-> Python objects (python/src/json_python.h).
#include "python/src/json_python.h"

#include <cmath>
#include <string>

#include "io/json/json_document.h"

namespace regolith::python {
namespace py = pybind11;
using nlohmann::json;

py::object toPython(const json& j) {
  switch (j.type()) {
    case json::value_t::null:
      return py::none();
    case json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case json::value_t::number_integer:
      return py::int_(j.get<std::int64_t>());
    case json::value_t::number_unsigned:
      return py::int_(j.get<std::uint64_t>());
    case json::value_t::number_float:
      return py::float_(j.get<double>());
    case json::value_t::string:
      return py::str(j.get_ref<const std::string&>());
    case json::value_t::array: {
      py::list out;
      for (const json& v : j) out.append(toPython(v));
      return std::move(out);
    }
    case json::value_t::object: {
      py::dict out;
      for (const auto& [key, v] : j.items()) out[py::str(key)] = toPython(v);
      return std::move(out);
    }
    default:
      throw py::type_error("a JSON value of type " + std::string(j.type_name()) + " has no Python form");
  }
}

namespace {

// RFC 6901: "~" and "/" escaped in a key.
std::string escapedKey(const std::string& key) {
  std::string out;
  for (char c : key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  return out;
}

json convert(py::handle v, const std::string& pointer, std::size_t depth) {
  if (v.is_none()) return nullptr;
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>();
  // Python and NumPy numbers alike (np.int64 is an Integral, np.float64 a Real).
  // (Held for the process's life, never destroyed: a static py::object's destructor would
  // run after the interpreter is gone.)
  static const py::object& integral = *new py::object(py::module_::import("numbers").attr("Integral"));
  static const py::object& real = *new py::object(py::module_::import("numbers").attr("Real"));
  if (py::isinstance(v, integral)) {
    try {
      return py::int_(py::reinterpret_borrow<py::object>(v))
          .cast<std::int64_t>();  // Python ints are unbounded; JSON's here are 64-bit
    } catch (const py::cast_error&) {
      throw py::value_error("at \"" + pointer + "\": the integer " + py::str(v).cast<std::string>() +
                            " does not fit in 64 bits");
    }
  }
  if (py::isinstance(v, real)) {
    const double d = py::float_(py::reinterpret_borrow<py::object>(v)).cast<double>();
    if (!std::isfinite(d))
      throw py::value_error("at \"" + pointer + "\": " + py::repr(v).cast<std::string>() +
                            " is not finite (JSON has no NaN or infinity)");
    return d;
  }
  if (py::isinstance<py::str>(v)) return v.cast<std::string>();
  // The files' own bound (io/json/json_document.h), which also ends a dict or list that
  // contains itself: without it the conversion would recurse until memory ran out.
  const auto nested = [&] {
    if (depth >= regolith::json::kMaxJsonDepth)
      throw py::value_error("at \"" + pointer.substr(0, 80) + (pointer.size() > 80 ? "...\"" : "\"") +
                            ": nested more than " + std::to_string(regolith::json::kMaxJsonDepth) +
                            " levels deep (a dict or list that contains itself?)");
  };
  if (py::isinstance<py::dict>(v)) {
    nested();
    json out = json::object();
    for (const auto& [key, value] : v.cast<py::dict>()) {
      if (!py::isinstance<py::str>(key))
        throw py::type_error("at \"" + pointer + "\": the key " + py::repr(key).cast<std::string>() +
                             " is not a string (JSON object keys are)");
      const std::string k = key.cast<std::string>();
      out[k] = convert(value, pointer + "/" + escapedKey(k), depth + 1);
    }
    return out;
  }
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v) || py::hasattr(v, "tolist")) {
    // lists, tuples and NumPy arrays (through tolist: nested lists of Python numbers)
    const py::object seq = py::hasattr(v, "tolist") && !py::isinstance<py::list>(v) && !py::isinstance<py::tuple>(v)
                               ? v.attr("tolist")()
                               : py::reinterpret_borrow<py::object>(v);
    if (!py::isinstance<py::list>(seq) && !py::isinstance<py::tuple>(seq)) return convert(seq, pointer, depth);
    nested();
    json out = json::array();
    std::size_t i = 0;
    for (py::handle item : seq) out.push_back(convert(item, pointer + "/" + std::to_string(i++), depth + 1));
    return out;
  }
  throw py::type_error("at \"" + pointer + "\": " + py::repr(v).cast<std::string>() + " (a " +
                       py::str(py::type::of(v).attr("__name__")).cast<std::string>() +
                       ") has no JSON form; expected a dict, list, str, number, bool or None");
}

}  // namespace

json fromPython(py::handle value) { return convert(value, "", 0); }

}  // namespace regolith::python
