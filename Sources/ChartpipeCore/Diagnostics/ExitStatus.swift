/// The exit status of a chartpipe process: what scripts and CI read after a command
/// (SPEC §9, `chartpipe --help`).
public struct ExitStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Every chart succeeded (or the command did what it was asked).
    public static let success = ExitStatus(rawValue: 0)
    /// Some chart or run-level stage failed; the others are complete.
    public static let failure = ExitStatus(rawValue: 1)
    /// A usage error, an invalid pipeline, or an output folder chartpipe may not write into: nothing was written.
    public static let usage = ExitStatus(rawValue: 2)
    /// A chart changed in a way `run --fail-on-change` names.
    public static let changed = ExitStatus(rawValue: 3)
    /// The output's disk is full.
    public static let diskFull = ExitStatus(rawValue: 4)
    /// SIGINT or SIGTERM stopped the run (128 + SIGINT, as shells report it).
    public static let interrupted = ExitStatus(rawValue: 130)

    public var description: String { String(rawValue) }
}
