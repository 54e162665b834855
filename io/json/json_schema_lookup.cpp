// Schema navigation and descriptions for validation messages.
#include "io/json/json_schema_lookup.h"

#include <cmath>

namespace regolith::json {
namespace {

const Json kEmpty = Json::object();

std::string joinQuoted(const Json& values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += i + 1 == values.size() ? " or " : ", ";
    out += values[i].dump();
  }
  return out;
}

// "a number" -> "numbers", "an object" -> "objects"; anything longer is kept as a
// description of each item.
std::string plural(const std::string& one) {
  for (const char* article : {"a ", "an "}) {
    const std::string a = article;
    if (one.compare(0, a.size(), a) == 0 && one.find(' ', a.size()) == std::string::npos)
      return one.substr(a.size()) + "s";
  }
  if (one == "a non-empty string") return "non-empty strings";
  return "items (each " + one + ")";
}

struct Bound {
  bool present = false, exclusive = false;
  double value = 0;
};

Bound lowerBound(const Json& n) {
  if (n.contains("exclusiveMinimum")) return {true, true, n["exclusiveMinimum"].get<double>()};
  if (n.contains("minimum")) return {true, false, n["minimum"].get<double>()};
  return {};
}

Bound upperBound(const Json& n) {
  if (n.contains("exclusiveMaximum")) return {true, true, n["exclusiveMaximum"].get<double>()};
  if (n.contains("maximum")) return {true, false, n["maximum"].get<double>()};
  return {};
}

bool breaksLower(const Bound& b, double x) { return b.present && (b.exclusive ? !(x > b.value) : !(x >= b.value)); }
bool breaksUpper(const Bound& b, double x) { return b.present && (b.exclusive ? !(x < b.value) : !(x <= b.value)); }

std::string numberKind(const Json& n) { return n.value("type", "") == "integer" ? "an integer" : "a number"; }

// "a number > 0", "an integer in [1, 10]"; the very large integer limits (2^53 - 1) that
// only keep counts representable are left out of the words.
std::string rangeText(const Json& n, const Bound& lo, Bound hi) {
  if (hi.present && hi.value >= 1e15) hi.present = false;
  const std::string kind = numberKind(n);
  if (lo.present && hi.present)
    return kind + " in " + (lo.exclusive ? "(" : "[") + numberText(lo.value) + ", " + numberText(hi.value) +
           (hi.exclusive ? ")" : "]");
  if (lo.present) return kind + (lo.exclusive ? " > " : " >= ") + numberText(lo.value);
  if (hi.present) return kind + (hi.exclusive ? " < " : " <= ") + numberText(hi.value);
  return kind;
}

}  // namespace

const Json& SchemaLookup::follow(const Json& node) const {
  const Json* n = &node;
  // Local references only ("#/definitions/..."); the schema has no external ones.
  for (int depth = 0; depth < 16 && n->is_object() && n->contains("$ref"); ++depth) {
    const std::string ref = (*n)["$ref"].get<std::string>();
    if (ref.size() < 1 || ref[0] != '#') break;
    const Json::json_pointer p(ref.substr(1));
    if (!m_root.contains(p)) break;
    n = &m_root.at(p);
  }
  return *n;
}

// The subset of conditions the scene schema uses: required keys and const properties.
bool SchemaLookup::meets(const Json& condition, const Json& value) const {
  if (!value.is_object()) return false;
  for (const Json& key : condition.value("required", Json::array()))
    if (!value.contains(key.get<std::string>())) return false;
  const Json properties = condition.value("properties", Json::object());
  for (const auto& [key, sub] : properties.items()) {
    if (sub.contains("const") && value.contains(key) && value[key] != sub["const"]) return false;
  }
  return true;
}

bool SchemaLookup::admitsType(const Json& node, const Json& value) const {
  const Json& n = follow(node);
  if (n.contains("type")) {
    const std::string t = n["type"].get<std::string>();
    if (t == "number") return value.is_number();
    if (t == "integer") return value.is_number_integer();
    if (t == "string") return value.is_string();
    if (t == "boolean") return value.is_boolean();
    if (t == "array") return value.is_array();
    if (t == "object") return value.is_object();
    return false;
  }
  if (n.contains("enum")) return true;
  return false;
}

const Json& SchemaLookup::resolve(const Json& node, const Json& value) const {
  const Json* n = &follow(node);
  for (int depth = 0; depth < 16; ++depth) {
    if (n->contains("if") && n->contains("then")) {
      if (meets((*n)["if"], value)) {
        n = &follow((*n)["then"]);
        continue;
      }
      if (n->contains("else")) {
        n = &follow((*n)["else"]);
        continue;
      }
    }
    if (n->contains("allOf")) {
      const Json* chosen = nullptr;
      for (const Json& c : (*n)["allOf"])
        if (c.contains("if") && c.contains("then") && meets(c["if"], value)) chosen = &c["then"];
      if (chosen) {
        n = &follow(*chosen);
        continue;
      }
    }
    if (n->contains("oneOf")) {
      const Json* chosen = nullptr;
      int matches = 0;
      for (const Json& c : (*n)["oneOf"])
        if (admitsType(c, value)) {
          chosen = &c;
          ++matches;
        }
      if (matches == 1) {
        n = &follow(*chosen);
        continue;
      }
    }
    break;
  }
  return *n;
}

const Json* SchemaLookup::child(const Json& node, const Json& parent, const std::string& token) const {
  const Json& n = resolve(node, parent);
  if (parent.is_object()) {
    if (n.contains("properties") && n["properties"].contains(token)) return &n["properties"][token];
    if (n.contains("additionalProperties") && n["additionalProperties"].is_object()) return &n["additionalProperties"];
    return nullptr;
  }
  if (parent.is_array() && n.contains("items")) {
    const Json& items = n["items"];
    if (items.is_object()) return &items;
    const std::size_t i = std::stoul(token);
    return i < items.size() ? &items[i] : nullptr;
  }
  return nullptr;
}

std::string SchemaLookup::expected(const Json& node) const {
  const Json& n = follow(node);
  if (n.contains("const")) return n["const"].dump();
  if (n.contains("enum")) return "one of " + joinQuoted(n["enum"]);
  if (n.contains("oneOf")) {
    std::string out;
    for (const Json& c : n["oneOf"]) out += (out.empty() ? "" : ", or ") + expected(c);
    return out;
  }
  const std::string type = n.value("type", "");
  if (type == "number" || type == "integer") return rangeText(n, lowerBound(n), upperBound(n));
  if (type == "string") return n.value("minLength", 0) > 0 ? "a non-empty string" : "a string";
  if (type == "boolean") return "true or false";
  if (type == "array") {
    const std::string items = n.contains("items") ? plural(expected(n["items"])) : "items";
    const int lo = n.value("minItems", 0), hi = n.value("maxItems", -1);
    if (lo == hi) return "an array of " + std::to_string(lo) + " " + items;
    if (lo > 0) return "an array of at least " + std::to_string(lo) + " " + items;
    return "an array of " + items;
  }
  if (type == "object") {
    if (n.value("maxProperties", -1) == 1) return "an object with one key of: " + propertyNames(n);
    return "an object";
  }
  return "a value the schema allows";
}

std::string SchemaLookup::expectedBound(const Json& node, double value) const {
  const Json& n = follow(node);
  const Bound lo = lowerBound(n), hi = upperBound(n);
  if (breaksLower(lo, value)) return rangeText(n, lo, Bound{});
  if (breaksUpper(hi, value)) return rangeText(n, Bound{}, hi);
  return rangeText(n, lo, hi);
}

std::string SchemaLookup::propertyNames(const Json& node) const {
  const Json& n = follow(node);
  std::string out;
  const Json properties = n.value("properties", kEmpty);
  for (const auto& [key, sub] : properties.items()) {
    (void)sub;
    out += (out.empty() ? "" : ", ") + key;
  }
  return out;
}

bool SchemaLookup::allowsProperty(const Json& node, const std::string& key) const {
  const Json& n = follow(node);
  return n.contains("properties") && n["properties"].contains(key);
}

}  // namespace regolith::json
