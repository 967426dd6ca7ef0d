import ChartpipeJSON
/// Checks JSON values against `Shape`s and collects every problem with its position.
struct ShapeValidator {
    let path: String
    let locator: JSONLocator
    var diagnostics: [Diagnostic] = []

    init(path: String, locator: JSONLocator) {
        self.path = path
        self.locator = locator
    }

    /// The location of the value at `pointer`.
    func at(_ pointer: String) -> SourceLocation {
        let p = locator.value(pointer) ?? locator.key(pointer)
        return SourceLocation(path: path, line: p?.line, column: p?.column)
    }

    /// The location of the key of the member at `pointer`.
    func atKey(_ pointer: String) -> SourceLocation {
        let p = locator.key(pointer)
        return SourceLocation(path: path, line: p?.line, column: p?.column)
    }

    mutating func error(_ message: String, code: DiagnosticCode = .pipelineInvalidValue, at pointer: String, key: Bool = false) {
        diagnostics.append(Diagnostic(message, code: code, at: key ? atKey(pointer) : at(pointer)))
    }

    /// Checks `value` against `shape`; `name` is how messages call the value (`'points'`).
    /// Returns whether it fits, so callers can skip checks that depend on it.
    @discardableResult
    mutating func check(_ value: JSONValue, _ shape: Shape, pointer: String, name: String,
                        rationale: String? = nil) -> Bool {
        let why = rationale.map { "; \($0)" } ?? ""
        func mismatch() -> Bool {
            error("\(name) must be \(shape.summary), not \(value.typeDescription)\(describe(value))", at: pointer)
            return false
        }
        switch shape {
        case .any:
            return true
        case .null:
            return value == .null ? true : mismatch()
        case .bool:
            return value.boolValue != nil ? true : mismatch()
        case let .integer(lo, hi):
            guard case .int(let i) = value else { return mismatch() }
            if let lo, i < lo { error("\(name) must be \(shape.summary)\(why) (it is \(i))", at: pointer); return false }
            if let hi, i > hi { error("\(name) must be \(shape.summary)\(why) (it is \(i))", at: pointer); return false }
            return true
        case let .number(lo, hi, exclusive, exclusiveHigh):
            guard let d = value.doubleValue else { return mismatch() }
            let text = JSONWriter.number(d)
            if let lo, exclusive ? d <= lo : d < lo {
                error("\(name) must be \(shape.summary)\(why) (it is \(text))", at: pointer); return false
            }
            if let hi, exclusiveHigh ? d >= hi : d > hi {
                error("\(name) must be \(shape.summary)\(why) (it is \(text))", at: pointer); return false
            }
            return true
        case let .string(pattern, help):
            guard let s = value.stringValue else { return mismatch() }
            if let pattern {
                switch Patterns.wholeMatch(pattern, s) {
                case .success(true): break
                case .success(false):
                    error("\(name) must be \(help ?? "a string matching \(pattern)"), not '\(s)'", at: pointer)
                    return false
                case let .failure(problem):
                    error("\(name) cannot be checked: the declaration's pattern '\(pattern)' is not a valid regular expression (\(problem.reason))",
                          code: .pipelineBrokenDeclaration, at: pointer)
                    return false
                }
            }
            return true
        case let .choice(values):
            guard let s = value.stringValue else { return mismatch() }
            if !values.contains(s) {
                error("\(name) must be \(shape.summary), not '\(s)'\(Suggestion.didYouMean(s, in: values))", at: pointer)
                return false
            }
            return true
        case let .anyOf(shapes):
            var probe = ShapeValidator(path: path, locator: locator)
            for alternative in shapes {
                probe.diagnostics = []
                if probe.check(value, alternative, pointer: pointer, name: name, rationale: rationale) { return true }
            }
            // With one alternative of the value's own type, its message is the precise one.
            let sameType = shapes.filter { $0.accepts(typeOf: value) }
            if sameType.count == 1 { return check(value, sameType[0], pointer: pointer, name: name, rationale: rationale) }
            return mismatch()
        case let .array(item, minItems, maxItems, unique):
            guard let items = value.arrayValue else { return mismatch() }
            var ok = true
            if items.count < minItems {
                error("\(name) must have at least \(minItems) \(minItems == 1 ? "item" : "items")", at: pointer)
                ok = false
            }
            if let maxItems, items.count > maxItems {
                error("\(name) must have at most \(maxItems) \(maxItems == 1 ? "item" : "items")", at: pointer)
                ok = false
            }
            for (i, element) in items.enumerated() {
                if !check(element, item, pointer: pointer + "/\(i)", name: "item \(i + 1) of \(name)") { ok = false }
                if unique, items[..<i].contains(element) {
                    error("\(name) lists \(JSONWriter(pretty: false).string(element)) more than once", at: pointer + "/\(i)")
                    ok = false
                }
            }
            return ok
        case let .object(fields):
            guard let members = value.objectValue else { return mismatch() }
            return checkMembers(members, fields: fields, pointer: pointer, owner: name)
        case let .map(valueShape):
            guard let members = value.objectValue else { return mismatch() }
            var ok = true
            for (key, member) in members {
                let p = pointer + "/" + JSONLocator.escape(key)
                if !check(member, valueShape, pointer: p, name: "'\(key)'") { ok = false }
            }
            return ok
        }
    }

    /// Checks an object's members against `fields`: unknown keys (with "did you mean"), missing
    /// required keys, and each value's shape.
    mutating func checkMembers(_ members: [(String, JSONValue)], fields: [Field], pointer: String, owner: String,
                               extraKeys: [String] = []) -> Bool {
        var ok = true
        let names = fields.map(\.name) + extraKeys
        for (key, member) in members {
            let p = pointer + "/" + JSONLocator.escape(key)
            if extraKeys.contains(key) { continue }
            guard let field = fields.first(where: { $0.name == key }) else {
                let sourceKeys = PipelineShape.sourceFields.map(\.name)
                let hint: String
                if let near = Suggestion.closest(to: key, in: names) {
                    hint = "; did you mean '\(near)'?"
                } else if sourceKeys.contains(key), owner.hasPrefix("stage ") {
                    hint = "; '\(key)' belongs in each chart's 'source'"
                } else if fields.isEmpty {
                    hint = "; it takes no options"
                } else {
                    hint = "; known keys: " + names.joined(separator: ", ")
                }
                error("unknown key '\(key)' in \(owner)\(hint)", code: .pipelineUnknownKey, at: p, key: true)
                ok = false
                continue
            }
            if !check(member, field.shape, pointer: p, name: "'\(key)'", rationale: field.rationale) { ok = false }
        }
        for field in fields where field.required && !members.contains(where: { $0.0 == field.name }) {
            error("\(owner) is missing the required key '\(field.name)' (\(field.doc))", code: .pipelineMissingKey, at: pointer)
            ok = false
        }
        return ok
    }

    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return " ('\(s)')"
        case .int, .double, .bool: return " (\(JSONWriter(pretty: false).string(value)))"
        default: return ""
        }
    }
}

extension Shape {
    /// Whether a value of this JSON type could fit the shape (used to pick the message of `anyOf`).
    func accepts(typeOf value: JSONValue) -> Bool {
        switch (self, value) {
        case (.bool, .bool), (.integer, .int), (.number, .int), (.number, .double), (.string, .string),
             (.choice, .string), (.array, .array), (.object, .object), (.map, .object), (.null, .null), (.any, _):
            return true
        case let (.anyOf(shapes), _): return shapes.contains { $0.accepts(typeOf: value) }
        default: return false
        }
    }
}

extension Shape {
    /// Every way `value` breaks the shape, each placed in the document it came from: `path` names
    /// it, and its `bytes` (when given) give lines and columns. For JSON documents other than
    /// pipeline files, such as a plugin's response.
    public func problems(in value: JSONValue, name: String, path: String, bytes: [UInt8] = []) -> [Diagnostic] {
        var validator = ShapeValidator(path: path, locator: JSONLocator([]))
        validator.check(value, self, pointer: "", name: name)
        // Positions cost a scan of the text: only a document with problems pays for it.
        guard !validator.diagnostics.isEmpty, !bytes.isEmpty else { return validator.diagnostics }
        var located = ShapeValidator(path: path, locator: JSONLocator(bytes))
        located.check(value, self, pointer: "", name: name)
        return located.diagnostics
    }
}
