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
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
