/// What an import changed, and what it could not place.
public struct ImportResult: Sendable {
    public var catalog: StringCatalog
    /// Units that named a key the catalog does not have, or an id form this format does not know.
    public var warnings: [String]
}
