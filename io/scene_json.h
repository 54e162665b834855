// Small helpers over nlohmann::json shared by the scene validator and builder: RFC 6901
// JSON pointers and short descriptions of values for "found ..." messages.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace regolith::scene {

using Json = nlohmann::json;

// parent + "/" + token, with "~" and "/" escaped as ~0 and ~1 (RFC 6901).
std::string pointerJoin(const std::string& parent, const std::string& token);
std::string pointerJoin(const std::string& parent, std::size_t index);

// A number in its shortest form with up to `digits` significant digits ("0.6", "1e-05"):
// 10 for values the user wrote, fewer for derived limits.
std::string numberText(double x, int digits = 10);

// What a value is, for messages: numbers and short strings verbatim (strings quoted),
// containers by kind and size.
std::string describeValue(const Json& v);

// The JSON type name of a value in plain words ("a number", "a string", "an object", ...).
std::string typeName(const Json& v);

}  // namespace regolith::scene
