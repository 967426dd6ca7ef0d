import ChartpipeJSON

/// A capability a stage needs, possibly only for some values of its options (`sonify` needs the
/// point labels of `describe` only when it writes cues).
public struct Need: Sendable, Equatable {
    public var capability: Capability
    /// The need holds unless the option `unless.option` has the value `unless.value`.
    public var unless: (option: String, value: JSONValue)?

    public init(_ capability: Capability, unless option: String? = nil, is value: JSONValue = .null) {
        self.capability = capability
        self.unless = option.map { ($0, value) }
    }

    /// Whether the need holds for these options (defaults filled in).
    public func holds(for options: StageOptions) -> Bool {
        guard let unless else { return true }
        return options[unless.option] != unless.value
    }

    /// `descriptions (unless "cues" is false)`, for `chartpipe stages`.
    public var summary: String {
        guard let unless else { return capability.rawValue }
        return "\(capability.rawValue) (unless '\(unless.option)' is \(JSONWriter(pretty: false).string(unless.value)))"
    }

    public static func == (a: Need, b: Need) -> Bool {
        a.capability == b.capability && a.unless?.option == b.unless?.option && a.unless?.value == b.unless?.value
    }
}
