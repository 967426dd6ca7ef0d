import Foundation
import ChartpipeJSON

/// One `{ "use": … }` entry of a pipeline's `stages`.
public struct StageEntry: Sendable {
    /// The stage it uses.
    public var name: String
    /// The entry's own name, for a stage listed more than once.
    public var id: String?
    /// Options written in the pipeline file (without `use` and `id`).
    public var options: [String: JSONValue]
    public var location: SourceLocation
    /// JSON Pointer of the entry in the pipeline file (`/stages/2`).
    public var pointer: String

    public init(name: String, id: String? = nil, options: [String: JSONValue] = [:], location: SourceLocation, pointer: String) {
        self.name = name
        self.id = id
        self.options = options
        self.location = location
        self.pointer = pointer
    }

    /// How charts' `stages` overrides address the entry: its `id`, else its stage's name.
    public var key: String { id ?? name }
}
