/// A named list of points to jump between: peaks, valleys, outliers, segment starts, largest rise,
/// largest fall, threshold crossings, series crossovers.
public struct NavigationList: Sendable, Equatable {
    /// A stable identifier (`peaks`, `largestRise`, `crossovers`…).
    public var name: String
    /// The list's name in the locale, for a rotor.
    public var title: String
    public var entries: [NavigationEntry]

    public init(name: String, title: String, entries: [NavigationEntry]) {
        self.name = name
        self.title = title
        self.entries = entries
    }
}
