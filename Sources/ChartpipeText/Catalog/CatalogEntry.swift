import ChartpipeJSON

/// One key of a catalog.
public struct CatalogEntry: Sendable, Hashable {
    /// A note for translators.
    public var comment: String?
    /// Xcode's `extractionState` (`manual`, `stale`…), kept as written.
    public var extractionState: String?
    /// False for keys that must not be translated.
    public var shouldTranslate: Bool?
    public var localizations: [String: Localization]

    public init(comment: String? = nil, extractionState: String? = nil, shouldTranslate: Bool? = nil,
                localizations: [String: Localization] = [:]) {
        self.comment = comment
        self.extractionState = extractionState
        self.shouldTranslate = shouldTranslate
        self.localizations = localizations
    }
}
