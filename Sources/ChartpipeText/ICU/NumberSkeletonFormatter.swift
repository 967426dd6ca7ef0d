import CICU

/// An ICU number formatter for one locale and one number skeleton (`currency/USD`, `compact-short`…).
///
/// ICU documents `UNumberFormatter` as immutable and shareable between threads, so one instance
/// serves every chart.
final class NumberSkeletonFormatter: @unchecked Sendable {  // unchecked: the ICU handle is immutable and thread-safe
    let locale: String
    let skeleton: String
    private let handle: OpaquePointer

    init(locale: String, skeleton: String) throws(ICUError) {
        var status: Int32 = 0
        guard let handle = cicu_number_formatter_open(locale, skeleton, &status) else {
            throw ICUError("number skeleton '\(skeleton)' for \(locale)", status: status)
        }
        TextWork.count(TextWork.formatterOpenings)
        self.locale = locale
        self.skeleton = skeleton
        self.handle = handle
    }

    deinit { cicu_number_formatter_close(handle) }

    /// The text of `value`; nil only if ICU fails (out of memory).
    func format(_ value: Double) -> String? {
        var status: Int32 = 0
        return takeString(cicu_number_format(handle, value, &status))
    }

    /// Calls `body` with the C handle, which must not escape it.
    func withHandle<R>(_ body: (OpaquePointer) -> R) -> R { body(handle) }
}
