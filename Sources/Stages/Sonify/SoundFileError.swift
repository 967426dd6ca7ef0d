#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import CSndFile
import ChartpipeCore

/// A failure of libsndfile, with its message.
public struct SoundFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// Whether the system call that failed under libsndfile met a full disk (ENOSPC, EDQUOT), so
    /// that the chart fails as a full disk (and the run stops) rather than as a broken encoder.
    public var diskFull: Bool
    public init(_ message: String, diskFull: Bool = false) {
        self.message = message
        self.diskFull = diskFull
    }
    public var description: String { message }
}
