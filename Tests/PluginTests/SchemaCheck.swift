import Foundation

/// A small JSON Schema (draft 2020-12) checker written for the tests, independent of chartpipe's
/// own shapes and parser (Foundation reads both documents), for the keywords the committed schemas
/// use: type, properties, required, additionalProperties, items, enum, minimum, maximum,
/// exclusiveMinimum, exclusiveMaximum, minItems, maxItems, uniqueItems, pattern, anyOf.
enum SchemaCheck {
    /// Every place where `instance` breaks `schema`, as "pointer: problem".
    static func problems(_ instance: Any, _ schema: [String: Any], at pointer: String = "") -> [String] {
        var out: [String] = []
        if let alternatives = schema["anyOf"] as? [[String: Any]] {
            if !alternatives.contains(where: { problems(instance, $0, at: pointer).isEmpty }) { out.append("\(pointer): fits no alternative") }
        }
        if let type = schema["type"] as? String, !fits(instance, type) { return out + ["\(pointer): not of type \(type)"] }
        if let choices = schema["enum"] as? [String], !choices.contains(instance as? String ?? "\u{0}") {
            out.append("\(pointer): not one of \(choices)")
        }
        if let number = (instance as? NSNumber), !isBool(instance) {
            let v = number.doubleValue
            if let m = (schema["minimum"] as? NSNumber)?.doubleValue, v < m { out.append("\(pointer): below \(m)") }
            if let m = (schema["maximum"] as? NSNumber)?.doubleValue, v > m { out.append("\(pointer): above \(m)") }
            if let m = (schema["exclusiveMinimum"] as? NSNumber)?.doubleValue, v <= m { out.append("\(pointer): not above \(m)") }
            if let m = (schema["exclusiveMaximum"] as? NSNumber)?.doubleValue, v >= m { out.append("\(pointer): not below \(m)") }
        }
        if let text = instance as? String, let pattern = schema["pattern"] as? String {
            let regex = try? NSRegularExpression(pattern: pattern)
            if regex?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil { out.append("\(pointer): does not match \(pattern)") }
        }
        if let items = instance as? [Any] {
            if let n = schema["minItems"] as? Int, items.count < n { out.append("\(pointer): fewer than \(n) items") }
            if let n = schema["maxItems"] as? Int, items.count > n { out.append("\(pointer): more than \(n) items") }
            if schema["uniqueItems"] as? Bool == true, Set(items.map { "\($0)" }).count != items.count { out.append("\(pointer): repeated items") }
            if let item = schema["items"] as? [String: Any] {
                for (i, element) in items.enumerated() { out += problems(element, item, at: "\(pointer)/\(i)") }
            }
        }
        if let object = instance as? [String: Any] {
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { out.append("\(pointer): missing \(key)") }
            for (key, value) in object {
                if let property = properties[key] {
                    out += problems(value, property, at: "\(pointer)/\(key)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    out += problems(value, additional, at: "\(pointer)/\(key)")
                } else if schema["additionalProperties"] as? Bool == false {
                    out.append("\(pointer): unexpected key \(key)")
                }
            }
        }
        return out
    }

    /// Foundation reads true and false as a subclass of NSNumber.
    static func isBool(_ value: Any) -> Bool {
        value is NSNumber && type(of: value) != NSNumber.self
    }

    static func fits(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBool(value)
        case "null": return value is NSNull
        case "integer":
            guard let n = value as? NSNumber, !isBool(value) else { return false }
            return n.doubleValue.rounded() == n.doubleValue
        case "number": return value is NSNumber && !isBool(value)
        default: return false
        }
    }

    /// The committed schema `schema/NAME.schema.json`.
    static func committed(_ name: String) throws -> [String: Any] {
        let root = PluginFixture.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("schema/\(name).schema.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    static func problems(json data: Data, schema name: String) throws -> [String] {
        problems(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), try committed(name))
    }
}
