/// The type of value a placeholder takes.
public enum PlaceholderKind: String, Sendable, Hashable {
    /// `%@`: any argument, shown as text.
    case object
    /// `%lld`, `%d`, `%u`…: an integer.
    case integer
    /// `%f`, `%.1f`, `%g`…: a floating-point number.
    case double
}
