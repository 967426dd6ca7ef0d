/// A parsed template: positional placeholders (`%1$@`, `%2$lld`, `%3$.1f`), unnumbered ones in
/// order (`%@`, `%lld`), `%%`, substitutions (`%#@name@`) and `%arg`.
public struct Template: Sendable, Hashable {
    public let text: String
    public let tokens: [TemplateToken]

    public init(_ text: String) {
        self.text = text
        self.tokens = Template.parse(text)
        TextWork.count(TextWork.templateParses)
    }

    /// Placeholders in order of appearance.
    public var placeholders: [Placeholder] {
        tokens.compactMap { if case let .placeholder(p) = $0 { return p }; return nil }
    }

    /// Substitution names in order of appearance.
    public var substitutions: [String] {
        tokens.compactMap { if case let .substitution(name) = $0 { return name }; return nil }
    }

    /// `%` sequences that are not valid placeholders.
    public var invalidSequences: [String] {
        tokens.compactMap { if case let .invalid(raw) = $0 { return raw }; return nil }
    }

    private static let integerConversions: Set<Character> = ["d", "i", "u", "o", "x", "X", "c", "C"]
    private static let doubleConversions: Set<Character> = ["f", "F", "e", "E", "g", "G", "a", "A"]
    private static let objectConversions: Set<Character> = ["@", "s", "S"]
    private static let lengthModifiers: Set<Character> = ["h", "l", "q", "z", "t", "j", "L"]
    // No space flag: "50% done" is a forgotten "%%", not "% d".
    private static let flags: Set<Character> = ["-", "+", "0"]

    static func parse(_ text: String) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var literal = ""
        var nextUnnumbered = 1
        let chars = Array(text)
        var i = 0
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)); literal = "" }
        }
        while i < chars.count {
            let c = chars[i]
            guard c == "%" else { literal.append(c); i += 1; continue }
            let start = i
            i += 1
            guard i < chars.count else { flush(); tokens.append(.invalid("%")); break }
            if chars[i] == "%" { literal.append("%"); i += 1; continue }
            // `%#@name@`
            if chars[i] == "#", i + 1 < chars.count, chars[i + 1] == "@" {
                var j = i + 2
                var name = ""
                while j < chars.count, chars[j] != "@", chars[j].isLetter || chars[j].isNumber || chars[j] == "_" {
                    name.append(chars[j]); j += 1
                }
                flush()
                if j < chars.count, chars[j] == "@", !name.isEmpty {
                    tokens.append(.substitution(name)); i = j + 1
                } else {
                    tokens.append(.invalid(String(chars[start..<j]))); i = j
                }
                continue
            }
            // `%arg` may run straight into text ("%arg개"), but not into more ASCII letters ("%args").
            if chars[i...].starts(with: "arg"), !(i + 3 < chars.count && chars[i + 3].isASCII && (chars[i + 3].isLetter || chars[i + 3].isNumber)) {
                flush(); tokens.append(.substitutionArgument); i += 3; continue
            }
            // %[n$][flags][width][.precision][length]conversion
            var j = i
            // Numbers saturate at a million (no template has that many arguments): a long digit run must not overflow.
            var number = 0
            var digits = 0
            while j < chars.count, chars[j].isASCII, let d = chars[j].wholeNumberValue { number = min(number * 10 + d, 1_000_000); digits += 1; j += 1 }
            var argument: Int?
            if digits > 0, j < chars.count, chars[j] == "$" { argument = number; j += 1 } else { j = i }
            while j < chars.count, flags.contains(chars[j]) { j += 1 }
            while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
            var precision: Int?
            if j < chars.count, chars[j] == "." {
                j += 1
                var p = 0
                while j < chars.count, chars[j].isASCII, let d = chars[j].wholeNumberValue { p = min(p * 10 + d, 1_000_000); j += 1 }
                precision = p
            }
            while j < chars.count, lengthModifiers.contains(chars[j]) { j += 1 }
            flush()
            guard j < chars.count else { tokens.append(.invalid(String(chars[start..<j]))); i = j; continue }
            let conversion = chars[j]
            let kind: PlaceholderKind
            if integerConversions.contains(conversion) { kind = .integer }
            else if doubleConversions.contains(conversion) { kind = .double }
            else if objectConversions.contains(conversion) { kind = .object }
            else { tokens.append(.invalid(String(chars[start...j]))); i = j + 1; continue }
            if argument == 0 { tokens.append(.invalid(String(chars[start...j]))); i = j + 1; continue }
            let isNumbered = argument != nil
            if argument == nil {
                argument = nextUnnumbered
                nextUnnumbered += 1
            }
            tokens.append(.placeholder(Placeholder(argument: argument ?? 1, isNumbered: isNumbered, kind: kind,
                                                   precision: precision, conversion: conversion,
                                                   text: String(chars[start...j]))))
            i = j + 1
        }
        flush()
        return tokens
    }
}
