// JSON pointer and value-description helpers.
#include "io/json/json_pointer.h"

#include <cmath>
#include <cstdio>

namespace regolith::json {

void pointerAppend(std::string& pointer, const std::string& token) {
  pointer += '/';
  for (char c : token) {
    if (c == '~') pointer += "~0";
    else if (c == '/') pointer += "~1";
    else pointer += c;
  }
}

void pointerAppend(std::string& pointer, std::size_t index) {
  pointer += '/';
  pointer += std::to_string(index);
}

std::string pointerJoin(const std::string& parent, const std::string& token) {
  std::string out = parent;
  pointerAppend(out, token);
  return out;
}

std::string pointerJoin(const std::string& parent, std::size_t index) {
  std::string out = parent;
  pointerAppend(out, index);
  return out;
}

std::string printable(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
      continue;
    }
    char escaped[8];
    std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
    out += escaped;
  }
  return out;
}

std::string numberText(double x, int digits) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "infinity" : "-infinity";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*g", digits, x);
  return buf;
}

std::string vectorText(double x, double y, double z, int digits) {
  return "[" + numberText(x, digits) + ", " + numberText(y, digits) + ", " + numberText(z, digits) + "]";
}

std::string typeName(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "an integer";
    case Json::value_t::number_float:
      return "a number";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::object:
      return "an object";
    default:
      return "a binary value";
  }
}

std::string describeValue(const Json& v) {
  constexpr std::size_t kMaxString = 60;  // long strings are cut: the pointer says where
  switch (v.type()) {
    case Json::value_t::number_float: {
      // 200.0 is not the integer 200 to the schema: show the difference.
      const double x = v.get<double>();
      return numberText(x) + (std::floor(x) == x && std::fabs(x) < 1e15 ? ".0" : "");
    }
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::boolean:
    case Json::value_t::null:
      return v.dump();
    case Json::value_t::string: {
      const std::string& s = v.get_ref<const std::string&>();
      const Json shown = s.size() > kMaxString ? Json(s.substr(0, kMaxString) + "...") : v;
      // The lexer only accepts valid UTF-8, but a cut may split a character: replace it.
      return shown.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    case Json::value_t::array:
      return v.empty() ? "an empty array" : "an array of " + std::to_string(v.size()) + " items";
    case Json::value_t::object: {
      if (v.empty()) return "an empty object";
      std::string keys;
      for (const auto& [key, value] : v.items()) {
        (void)value;
        keys += (keys.empty() ? "" : ", ") + Json(key).dump(-1, ' ', false, Json::error_handler_t::replace);
      }
      return "an object with key" + std::string(v.size() > 1 ? "s " : " ") + keys;
    }
    default:
      return typeName(v);
  }
}

}  // namespace regolith::json
