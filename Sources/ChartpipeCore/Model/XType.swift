/// What the x values of a chart are. Every series of a chart shares one x type.
public enum XType: String, Sendable, CaseIterable {
    /// Instants, stored as milliseconds since 1970-01-01T00:00:00Z.
    case time
    /// Plain numbers.
    case number
    /// Labels, stored as the index of the label in `SeriesSet.categories`.
    case category
}
