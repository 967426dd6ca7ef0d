import CICU
import ChartpipeLock

/// An ICU date formatter for a locale, a date skeleton and a time zone.
///
/// ICU's date formatter mutates its calendar while formatting, so each call holds the lock.
final class DateSkeletonFormatter: @unchecked Sendable {  // unchecked: every use of the handle holds `lock`
    let pattern: String
    private let handle: OpaquePointer
    private let lock = Locked(())
    /// The text written without ICU in UTC, where that is ICU's text (see `DateShortcut`).
    private let shortcut: DateShortcut?

    init(locale: String, skeleton: String, zone: String) throws(ICUError) {
        var status: Int32 = 0
        guard let handle = cicu_date_formatter_open(locale, skeleton, zone, &status) else {
            throw ICUError("date skeleton '\(skeleton)' in zone \(zone) for \(locale)", status: status)
        }
        TextWork.count(TextWork.formatterOpenings)
        self.handle = handle
        let pattern = takeString(cicu_date_pattern(handle, &status)) ?? ""
        self.pattern = pattern
        // No other thread has the handle yet: the samples are formatted without the lock.
        shortcut = ["UTC", "Etc/UTC", "GMT"].contains(zone)
            ? DateShortcut(pattern: pattern, handle: handle) { Self.icuText(handle, $0) } : nil
    }

    /// Typeset shapes of this formatter's texts (see `chineseText`): a date's shape is its text
    /// with every ASCII digit written 0, keyed by a hash of it and kept with it.
    private let shapes = Locked<[UInt64: (shape: [UInt8], typeset: [UInt8])]>([:])
    /// Most shapes kept: a pattern has a few (digits of one or two places, month names).
    private static let maxShapes = 64

    /// `format(millis:)` set by Chinese typography (`ChineseText.normalize`). Normalizing only
    /// removes spaces and widens punctuation by what is next to them, whatever a digit's value
    /// and never a digit itself: so a text's typeset form is its shape's, with its own digits in
    /// their order; each shape is normalized once.
    func chineseText(millis: Double) -> String? {
        guard let text = format(millis: millis) else { return nil }
        let bytes = Array(text.utf8)
        var shape = bytes
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a (Fowler, Noll, Vo)
        for i in shape.indices {
            if shape[i] >= 0x30 && shape[i] <= 0x39 { shape[i] = 0x30 }
            hash = (hash ^ UInt64(shape[i])) &* 0x100_0000_01b3
        }
        let known = shapes.withLock { $0[hash] }
        let typeset: [UInt8]
        if let known, known.shape == shape {
            typeset = known.typeset
        } else {
            let normalized = Array(ChineseText.normalize(String(decoding: shape, as: UTF8.self)).utf8)
            // The claim above, checked: the same digits, in the same places among themselves.
            guard normalized.filter({ $0 == 0x30 }).count == shape.filter({ $0 == 0x30 }).count else {
                return ChineseText.normalize(text)
            }
            typeset = normalized
            if known == nil { shapes.withLock { if $0.count < Self.maxShapes { $0[hash] = (shape, normalized) } } }
        }
        var out = typeset
        var next = 0
        for i in out.indices where out[i] == 0x30 {
            while bytes[next] < 0x30 || bytes[next] > 0x39 { next += 1 }
            out[i] = bytes[next]
            next += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    deinit { cicu_date_formatter_close(handle) }

    /// The text of an instant given in milliseconds since 1970-01-01T00:00:00Z.
    func format(millis: Double) -> String? {
        if let text = shortcut?.format(millis: millis) { return text }
        return icuText(millis: millis)
    }

    /// ICU's own text of the instant, without the shortcut: tests compare the two.
    func icuText(millis: Double) -> String? {
        lock.withLock { _ in Self.icuText(handle, millis) }
    }

    /// Whether instants are written without ICU (see `DateShortcut`).
    var hasShortcut: Bool { shortcut != nil }

    private static func icuText(_ handle: OpaquePointer, _ millis: Double) -> String? {
        var status: Int32 = 0
        return takeString(cicu_date_format(handle, millis, &status))
    }
}
