// valijson over a JSON Schema (the scene schema, the sweep schema), and the translation of
// its results into JsonProblems.
#include "io/json/json_schema.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <utility>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include "io/json/json_schema_lookup.h"

namespace regolith::json {
namespace {

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// valijson's roll-up messages ("failed to validate item #2") repeat what the nested
// errors say; only the oneOf one matters (it marks a value no alternative accepts).
bool isSummary(const std::string& d) {
  return startsWith(d, "Failed to validate item #") ||
         startsWith(d, "Failed to validate against schema associated with property") ||
         startsWith(d, "Failed to validate against any schemas allowed by anyOf") ||
         startsWith(d, "Failed to validate against a conditional schema") ||
         startsWith(d, "Failed to validate against additional properties schema") ||
         startsWith(d, "Failed to validate against dependent schema") ||
         startsWith(d, "Failed to validate against exactly one child schema") ||
         startsWith(d, "Failed to validate against child schema");
}
bool isOneOfFailure(const std::string& d) {
  return startsWith(d, "Failed to validate against any child schemas allowed by oneOf");
}

// Text between the first pair of single quotes of a valijson message ('densty').
std::string quoted(const std::string& d) {
  const std::size_t a = d.find('\''), b = d.rfind('\'');
  return a != std::string::npos && b > a ? d.substr(a + 1, b - a - 1) : std::string();
}

// One valijson error located in the document and the schema.
struct Located {
  std::string pointer;
  const Json* value = nullptr;  // the offending value
  const Json* node = nullptr;   // the schema node that describes it (nullptr: unknown)
  std::string description;
};

class Translator {
 public:
  Translator(const Json& doc, const Json& start, const SchemaLookup& lookup)
      : m_doc(doc), m_start(start), m_lookup(lookup) {}

  Located locate(const valijson::ValidationResults::Error& e) const {
    Located l{"", &m_doc, &m_start, e.description};
    // context[0] is "<root>", then "[key]" or "[index]" per level.
    for (std::size_t i = 1; i < e.context.size() && l.value; ++i) {
      const std::string& c = e.context[i];
      const std::string token = c.size() >= 2 ? c.substr(1, c.size() - 2) : c;
      const Json& parent = *l.value;
      const Json* node = l.node ? m_lookup.child(*l.node, parent, token) : nullptr;
      if (parent.is_array()) {
        const std::size_t index = std::stoul(token);
        l.value = index < parent.size() ? &parent[index] : nullptr;
        l.pointer = pointerJoin(l.pointer, index);
      } else if (parent.is_object() && parent.contains(token)) {
        l.value = &parent[token];
        l.pointer = pointerJoin(l.pointer, token);
      } else {
        l.value = nullptr;
      }
      l.node = node;
    }
    return l;
  }

  // The problems one located error stands for (unknown keys: one per key).
  void translate(const Located& l, std::vector<JsonProblem>& out) const {
    const Json& v = *l.value;
    const std::string found = describeValue(v);
    const std::string& d = l.description;
    if (!l.node) {
      out.push_back({l.pointer, found, d});
      return;
    }
    const Json& node = m_lookup.resolve(*l.node, v);
    if (startsWith(d, "Object contains a property that could not be validated")) {
      // valijson names only the first stray key; report each of them.
      for (const auto& [key, sub] : v.items()) {
        (void)sub;
        if (!m_lookup.allowsProperty(node, key))
          out.push_back({pointerJoin(l.pointer, key), "unknown key " + Json(key).dump(),
                         "one of: " + m_lookup.propertyNames(node)});
      }
    } else if (startsWith(d, "Missing required property")) {
      const std::string key = quoted(d);
      const Json* sub = m_lookup.child(node, Json::object(), key);
      out.push_back({l.pointer, "no key " + Json(key).dump(),
                     "a key " + Json(key).dump() + (sub ? ": " + m_lookup.expected(*sub) : "")});
    } else if (startsWith(d, "Expected number") && v.is_number()) {
      out.push_back({l.pointer, found, m_lookup.expectedBound(node, v.get<double>())});
    } else if (startsWith(d, "Value type not permitted") || startsWith(d, "Failed to match") ||
               startsWith(d, "Array should contain") || startsWith(d, "String should be") ||
               startsWith(d, "Object should have") || isOneOfFailure(d)) {
      const std::string shown = v.is_string() ? found + " (a string)" : found;
      out.push_back({l.pointer, shown, m_lookup.expected(node)});
    } else if (startsWith(d, "Elements at indexes")) {
      out.push_back({l.pointer, "repeated items", "distinct items"});
    } else {
      out.push_back({l.pointer, found, d});  // a constraint the translator does not know
    }
  }

 private:
  const Json& m_doc;
  const Json& m_start;
  const SchemaLookup& m_lookup;
};

// The compiled schema for the root or one definition, parsed once per process.
struct CompiledSchemas {
  std::map<std::pair<const Json*, std::string>, std::unique_ptr<valijson::Schema>> byDefinition;
  std::mutex mutex;
};

CompiledSchemas& compiled() {
  static CompiledSchemas c;
  return c;
}

const valijson::Schema& compiledSchema(const Json& doc, const std::string& definition) {
  CompiledSchemas& c = compiled();
  std::lock_guard<std::mutex> lock(c.mutex);
  std::unique_ptr<valijson::Schema>& s = c.byDefinition[{&doc, definition}];
  if (!s) {
    // A definition is validated through a root that refers to it, keeping the others
    // reachable for its own references.
    Json root = doc;
    if (!definition.empty()) root = Json{{"definitions", doc["definitions"]}, {"$ref", "#/definitions/" + definition}};
    s = std::make_unique<valijson::Schema>();
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter adapter(root);
    parser.populateSchema(adapter, *s);
  }
  return *s;
}

// valijson's results for `doc` as JsonProblems, read beside the schema `root` (the node
// `start` describes the document).
std::vector<JsonProblem> translateResults(const Json& doc, const Json& root, const Json& start,
                                          const valijson::ValidationResults& results) {
  const SchemaLookup lookup(root);
  const Translator translator(doc, start, lookup);

  std::vector<Located> located;
  std::set<std::string> oneOfFailed;
  for (const auto& e : results) {
    if (isSummary(e.description)) continue;
    Located l = translator.locate(e);
    if (!l.value) continue;
    if (isOneOfFailure(e.description)) oneOfFailed.insert(l.pointer);
    located.push_back(std::move(l));
  }
  // A value no alternative of a oneOf accepts gets each alternative's complaint at its
  // own pointer; one "expected A, or B" replaces them, unless a deeper error (inside the
  // alternative its type selects) already says what is wrong.
  const auto hasDeeper = [&](const std::string& p) {
    for (const Located& l : located)
      if (l.pointer.size() > p.size() && l.pointer.compare(0, p.size() + 1, p + "/") == 0) return true;
    return false;
  };
  std::vector<JsonProblem> problems;
  std::set<std::string> seen;
  for (const Located& l : located) {
    const bool underOneOf = oneOfFailed.count(l.pointer) > 0;
    if (underOneOf && (!isOneOfFailure(l.description) || hasDeeper(l.pointer))) continue;
    std::vector<JsonProblem> some;
    translator.translate(l, some);
    for (JsonProblem& p : some) {
      const std::string key = p.pointer + '\n' + p.found + '\n' + p.expected;
      if (seen.insert(key).second) problems.push_back(std::move(p));
    }
  }
  return problems;
}

}  // namespace

std::vector<JsonProblem> schemaProblemsCached(const Json& doc, const Json& root, const std::string& definition) {
  const valijson::Schema& schema = compiledSchema(root, definition);
  valijson::Validator validator;
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(doc);
  if (validator.validate(schema, target, &results)) return {};
  const Json& start = definition.empty() ? root : root["definitions"][definition];
  return translateResults(doc, root, start, results);
}

std::vector<JsonProblem> schemaProblemsAgainst(const Json& doc, const Json& schemaRoot) {
  valijson::Schema schema;
  valijson::SchemaParser parser;
  valijson::adapters::NlohmannJsonAdapter adapter(schemaRoot);
  parser.populateSchema(adapter, schema);
  valijson::Validator validator;
  valijson::ValidationResults results;
  valijson::adapters::NlohmannJsonAdapter target(doc);
  if (validator.validate(schema, target, &results)) return {};
  return translateResults(doc, schemaRoot, schemaRoot, results);
}

}  // namespace regolith::json
