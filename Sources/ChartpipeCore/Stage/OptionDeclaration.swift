import ChartpipeJSON

/// What every option declaration offers the description it belongs to.
public protocol OptionDeclaration: Sendable {
    /// Name, shape with limits, doc, default: what validation, the schema and `chartpipe stages` read.
    var field: Field { get }
}
