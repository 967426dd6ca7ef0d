import ChartpipeLock

/// The regular expressions of option and key declarations, compiled once per process.
///
/// Patterns keep to the syntax that both Swift's `Regex` and ECMA-262 (the JSON Schema's dialect,
/// as editors run it) read the same way: no inline flags such as `(?s)`, no `\x{…}`, no
/// possessive quantifiers or lookbehind. `PatternSyntaxTests` checks every declared pattern with a
/// real ECMA engine.
public enum Patterns {
    public struct Problem: Error, Sendable, Equatable {
        public var reason: String
    }

    /// `Regex` is not `Sendable`: compiled patterns live here and are matched under the lock
    /// (validation is rare and cheap next to a run).
    private final class Compiled: @unchecked Sendable {
        var regexes: [String: Regex<AnyRegexOutput>] = [:]
    }
    private static let cache = Locked(Compiled())

    /// Whether the whole of `text` matches `pattern`, or why the pattern does not compile.
    public static func wholeMatch(_ pattern: String, _ text: String) -> Result<Bool, Problem> {
        cache.withLock { compiled in
            let regex: Regex<AnyRegexOutput>
            if let known = compiled.regexes[pattern] {
                regex = known
            } else {
                do {
                    regex = try Regex(pattern)
                } catch {
                    return .failure(Problem(reason: "\(error)"))
                }
                compiled.regexes[pattern] = regex
            }
            return .success((try? regex.wholeMatch(in: text)) != nil)
        }
    }

    /// Why `pattern` does not compile, or nil.
    public static func problem(_ pattern: String) -> Problem? {
        if case let .failure(p) = wholeMatch(pattern, "") { return p }
        return nil
    }
}

extension Shape {
    /// The patterns in this shape (and its nested shapes) that do not compile, with why.
    public func brokenPatterns() -> [(pattern: String, reason: String)] {
        switch self {
        case let .string(pattern?, _): return Patterns.problem(pattern).map { [(pattern, $0.reason)] } ?? []
        case let .anyOf(shapes): return shapes.flatMap { $0.brokenPatterns() }
        case let .array(item, _, _, _): return item.brokenPatterns()
        case let .map(value): return value.brokenPatterns()
        case let .object(fields): return fields.flatMap { $0.shape.brokenPatterns() }
        default: return []
        }
    }

    /// Every pattern in this shape and its nested shapes.
    public var patterns: [String] {
        switch self {
        case let .string(pattern?, _): return [pattern]
        case let .anyOf(shapes): return shapes.flatMap(\.patterns)
        case let .array(item, _, _, _): return item.patterns
        case let .map(value): return value.patterns
        case let .object(fields): return fields.flatMap { $0.shape.patterns }
        default: return []
        }
    }
}
