import CICU

/// An ICU number formatter for one locale and one number skeleton (`currency/USD`, `compact-short`…).
///
/// ICU documents `UNumberFormatter` as immutable and shareable between threads, so one instance
/// serves every chart.
final class NumberSkeletonFormatter: @unchecked Sendable {  // unchecked: the ICU handle is immutable and thread-safe
    let locale: String
    let skeleton: String
    private let handle: OpaquePointer
    /// ICU's text written without ICU, where that is the same text (see `DecimalShortcut`).
    private let shortcut: DecimalShortcut?

    init(locale: String, skeleton: String) throws(ICUError) {
        var status: Int32 = 0
        guard let handle = cicu_number_formatter_open(locale, skeleton, &status) else {
            throw ICUError("number skeleton '\(skeleton)' for \(locale)", status: status)
        }
        TextWork.count(TextWork.formatterOpenings)
        self.locale = locale
        self.skeleton = skeleton
        self.handle = handle
        shortcut = DecimalShortcut(locale: locale, skeleton: skeleton) { Self.icuText(handle, $0) }
    }

    deinit { cicu_number_formatter_close(handle) }

    /// The text of `value`; nil only if ICU fails (out of memory).
    func format(_ value: Double) -> String? {
        shortcut?.format(value) ?? Self.icuText(handle, value)
    }

    /// ICU's own text of `value`, without the shortcut: tests compare the two.
    func icuText(_ value: Double) -> String? { Self.icuText(handle, value) }

    /// Whether values are written without ICU (see `DecimalShortcut`).
    var hasShortcut: Bool { shortcut != nil }

    private static func icuText(_ handle: OpaquePointer, _ value: Double) -> String? {
        var status: Int32 = 0
        return takeString(cicu_number_format(handle, value, &status))
    }

    /// Calls `body` with the C handle, which must not escape it.
    func withHandle<R>(_ body: (OpaquePointer) -> R) -> R { body(handle) }
}
