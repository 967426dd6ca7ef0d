import CICU
import Synchronization

/// An ICU date formatter for a locale, a date skeleton and a time zone.
///
/// ICU's date formatter mutates its calendar while formatting, so each call holds the lock.
final class DateSkeletonFormatter: @unchecked Sendable {  // unchecked: every use of the handle holds `lock`
    let pattern: String
    private let handle: OpaquePointer
    private let lock = Mutex(())
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
