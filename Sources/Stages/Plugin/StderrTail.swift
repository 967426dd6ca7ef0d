import CProcess
import ChartpipeCore
import Foundation
import Synchronization

/// The last lines a plugin wrote on stderr, quoted in a chart's error.
struct StderrTail: Sendable {
    /// Bytes kept: enough for the last few lines of a traceback.
    static let capacity = 8192
    private(set) var bytes: [UInt8] = []

    mutating func append(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
        if bytes.count > Self.capacity { bytes.removeFirst(bytes.count - Self.capacity) }
    }

    /// The last `count` non-empty lines, each at most 300 characters.
    func lines(_ count: Int = 8) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return lines.suffix(count).map { $0.count > 300 ? String($0.prefix(300)) + "…" : $0 }
    }
}
