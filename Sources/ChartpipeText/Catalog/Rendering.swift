import ChartpipeJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The result of rendering a key: its text, the locale whose text was used, and any problem met
/// (a missing translation, a bad placeholder) so that callers can warn.
public struct Rendering: Sendable, Equatable {
    public var text: String
    /// The catalog locale whose text was used (`ko` for `ko-KR`, the source language on fallback),
    /// or nil when the key itself was shown.
    public var locale: String?
    public var problems: [String]
}
