// Small helpers over nlohmann::json shared by the JSON validators (scenes, sweep files) and
// the scene builder: RFC 6901 JSON pointers and short descriptions of values for "found ..."
// messages.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace regolith::json {

using Json = nlohmann::json;

// parent + "/" + token, with "~" and "/" escaped as ~0 and ~1 (RFC 6901).
std::string pointerJoin(const std::string& parent, const std::string& token);
std::string pointerJoin(const std::string& parent, std::size_t index);
// The same, appended to `pointer` in place: building a pointer of depth d token by token
// stays O(d) (a parse error under 10^6 open brackets used to take a minute, quadratic).
void pointerAppend(std::string& pointer, const std::string& token);
void pointerAppend(std::string& pointer, std::size_t index);

// `text` with its control characters (U+0000..U+001F, U+007F) written as JSON escapes
// (\u0000): a key holding "\u0000" would otherwise end the C string a problem line is
// printed as, and every line after it with it.
std::string printable(const std::string& text);

// A number in its shortest form with up to `digits` significant digits ("0.6", "1e-05"):
// 10 for values the user wrote, fewer for derived limits.
std::string numberText(double x, int digits = 10);
// "[x, y, z]" of numberText(., digits).
std::string vectorText(double x, double y, double z, int digits = 10);

// What a value is, for messages: numbers and short strings verbatim (strings quoted),
// containers by kind and size.
std::string describeValue(const Json& v);

// The JSON type name of a value in plain words ("a number", "a string", "an object", ...).
std::string typeName(const Json& v);

}  // namespace regolith::json
