import CJansson

/// Parses JSON text into a `JSONValue` whose objects keep their keys in written order: by
/// `JSONReader` when it accepts the text, else by jansson (whose pointers never leave this file),
/// which reports the error. Duplicate keys are rejected; so are trailing commas, comments and NaN
/// (jansson is strict, and `JSONReader` accepts only what jansson accepts).
public enum JSONParser {
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        // A UTF-8 byte order mark is no JSON token; editors on some systems write one.
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        // What jansson would read, read without its tree; anything else is left to jansson, which
        // says what is wrong and where.
        if let value = bytes.withUnsafeBufferPointer(JSONReader.parse) { return value }
        return try jansson(bytes)
    }

    /// The value jansson reads from `bytes` (without a byte order mark), or its error.
    static func jansson(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var error = json_error_t()
        let flags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL)
        let root = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { json_loadb($0, buffer.count, flags, &error) }
            } ?? json_loadb("", 0, flags, &error)
        }
        guard let root else {
            throw JSONSyntaxError(message: errorText(error), line: Int(error.line), column: Int(error.column),
                                  offset: Int(error.position))
        }
        defer { json_decref(root) }
        return convert(root)
    }

    /// The message of a jansson error (its `text` is a fixed C array imported as a tuple).
    static func errorText(_ error: json_error_t) -> String {
        var error = error
        return withUnsafeBytes(of: &error.text) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Converts a jansson value (borrowed) into a `JSONValue`.
    static func convert(_ value: UnsafeMutablePointer<json_t>) -> JSONValue {
        switch value.pointee.type {
        case JSON_OBJECT:
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(json_object_size(value))
            var iter = json_object_iter(value)
            while let it = iter {
                let keyLength = json_object_iter_key_len(it)
                let key = json_object_iter_key(it).map { ptr in
                    ptr.withMemoryRebound(to: UInt8.self, capacity: keyLength) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: keyLength), as: UTF8.self)
                    }
                } ?? ""
                if let member = json_object_iter_value(it) { members.append((key, convert(member))) }
                iter = json_object_iter_next(value, it)
            }
            return .object(members)
        case JSON_ARRAY:
            let n = json_array_size(value)
            var items: [JSONValue] = []
            items.reserveCapacity(n)
            for i in 0..<n { if let item = json_array_get(value, i) { items.append(convert(item)) } }
            return .array(items)
        case JSON_STRING:
            return .string(string(value))
        case JSON_INTEGER:
            return .int(Int(json_integer_value(value)))
        case JSON_REAL:
            return .double(json_real_value(value))
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        default:
            return .null
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
