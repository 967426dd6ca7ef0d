import CICU
import Synchronization

/// An ICU date formatter for a locale, a date skeleton and a time zone.
///
/// ICU's date formatter mutates its calendar while formatting, so each call holds the lock.
final class DateSkeletonFormatter: @unchecked Sendable {  // unchecked: every use of the handle holds `lock`
    let pattern: String
    private let handle: OpaquePointer
    private let lock = Mutex(())

    init(locale: String, skeleton: String, zone: String) throws(ICUError) {
        var status: Int32 = 0
        guard let handle = cicu_date_formatter_open(locale, skeleton, zone, &status) else {
            throw ICUError("date skeleton '\(skeleton)' in zone \(zone) for \(locale)", status: status)
        }
        TextWork.count(TextWork.formatterOpenings)
        self.handle = handle
        self.pattern = takeString(cicu_date_pattern(handle, &status)) ?? ""
    }

    deinit { cicu_date_formatter_close(handle) }

    /// The text of an instant given in milliseconds since 1970-01-01T00:00:00Z.
    func format(millis: Double) -> String? {
        lock.withLock { _ in
            var status: Int32 = 0
            return takeString(cicu_date_format(handle, millis, &status))
        }
    }
}
