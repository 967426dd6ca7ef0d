import CICU

/// An ICU call that failed, with ICU's error name; raised when a locale, skeleton or zone is invalid.
public struct ICUError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being opened or formatted, e.g. `number skeleton 'currency/XYZ' for ko`.
    public var subject: String
    /// ICU's name of the error, such as `U_NUMBER_SKELETON_SYNTAX_ERROR`.
    public var code: String

    init(_ subject: String, status: Int32) {
        self.subject = subject
        self.code = cicu_error_name(status).map { String(cString: $0) } ?? "ICU error \(status)"
    }

    public var description: String { "\(subject): \(code)" }
}

/// Takes ownership of a malloc'd UTF-8 string from the shim.
func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { cicu_free(pointer) }
    return String(cString: pointer)
}
