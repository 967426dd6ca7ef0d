/// One translatable text of a catalog as translators' tools see it, with an Apple-style id:
/// `key`, `key|==|plural.one`, `key|==|substitutions.count.plural.other`.
public struct TranslationUnit: Sendable, Equatable {
    public var id: String
    /// The source language's text.
    public var source: String
    /// The translation, or nil when there is none yet.
    public var target: String?
    /// The catalog state of the translation (`translated`, `needs_review`, `new`, `stale`).
    public var state: String?
    /// The key's comment for translators.
    public var note: String?

    public init(id: String, source: String, target: String? = nil, state: String? = nil, note: String? = nil) {
        self.id = id
        self.source = source
        self.target = target
        self.state = state
        self.note = note
    }
}

extension String {
    /// Splits on a multi-character separator, keeping empty parts.
    func splitting(on separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
