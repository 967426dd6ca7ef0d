import CICU
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An ICU list formatter ("A, B, and C", "A、B和C", "A, B 및 C"); immutable and thread-safe.
final class ListPatternFormatter: @unchecked Sendable {  // unchecked: ICU documents ListFormatter as immutable and thread-safe
    private let handle: OpaquePointer

    init(locale: String, conjunction: ListConjunction) throws(ICUError) {
        var status: Int32 = 0
        guard let handle = cicu_list_formatter_open(locale, conjunction == .or ? 1 : 0, 0, &status) else {
            throw ICUError("list formatter for \(locale)", status: status)
        }
        TextWork.count(TextWork.formatterOpenings)
        self.handle = handle
    }

    deinit { cicu_list_formatter_close(handle) }

    func format(_ items: [String]) -> String? {
        var status: Int32 = 0
        let copies = items.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        return pointers.withUnsafeBufferPointer { buffer in
            takeString(cicu_list_format(handle, buffer.baseAddress, Int32(items.count), &status))
        }
    }
}
