import CJansson

/// The two readings of jansson values that the streaming JSON reader needs; jansson's pointers stay
/// inside this module (ChartpipeJSON keeps its own private to itself).
enum Jansson {
    /// The message of a jansson error (its `text` is a fixed C array imported as a tuple).
    static func errorText(_ error: json_error_t) -> String {
        var error = error
        return withUnsafeBytes(of: &error.text) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The text of a jansson string value, embedded NULs included.
    static func string(_ value: UnsafeMutablePointer<json_t>) -> String {
        let length = json_string_length(value)
        guard let chars = json_string_value(value) else { return "" }
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
