/// The bounds of `strings import` on the file it reads, so that a hostile or broken file fails
/// with its line instead of exhausting memory or the stack.
public enum ImportLimits {
    /// Most bytes of an XLIFF or PO file: a 200,000-key catalog exports to about 20 MB.
    public static let maxFileBytes = 64 << 20
    /// Most bytes of one text (a PO string with its continuation lines, an XML text or attribute value).
    public static let maxTextBytes = 1 << 20

    /// The bytes as text when they are UTF-8, else the error naming the line of the first bad byte.
    public static func text(_ bytes: [UInt8], path: String) throws(CatalogError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var line = 1
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(s): if s == "\n" { line += 1 }
            case .emptyInput: break loop
            case .error:
                throw CatalogError(path: path, line: line, message: "the file is not UTF-8 here; save it as UTF-8")
            }
        }
        throw CatalogError(path: path, message: "the file is not UTF-8; save it as UTF-8")
    }

    /// Whether `tag` is a well-formed BCP 47 language tag (RFC 5646 §2.1: a 2–3 or 5–8 letter
    /// language, then subtags of 1–8 letters or digits), so that a locale read from a file can never
    /// be a path such as `../../etc`.
    public static func isLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, [2, 3, 5, 6, 7, 8].contains(first.utf8.count),
              first.utf8.allSatisfy(isLetter) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.utf8.count) && $0.utf8.allSatisfy { isLetter($0) || isDigit($0) } }
    }

    private static func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
    private static func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
}
