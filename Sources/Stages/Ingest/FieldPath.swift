import CJansson

/// Where a value sits in a JSON record: a member name, or a JSON Pointer (RFC 6901) when the field starts with '/'.
struct FieldPath {
    let name: String
    /// Member names along the path, NUL-free bytes; array steps also carry their index.
    let steps: [(key: [CChar], index: Int?)]

    init(_ field: String) {
        name = field
        if field.hasPrefix("/") {
            steps = field.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { raw in
                let token = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                let index = token.first == "0" && token.count > 1 ? nil : Int(token)
                return (Array(token.utf8CString.dropLast()), index)
            }
        } else {
            steps = [(Array(field.utf8CString.dropLast()), nil)]
        }
    }

    /// The value at this path in `record` (borrowed), or nil.
    func find(in record: UnsafeMutablePointer<json_t>) -> UnsafeMutablePointer<json_t>? {
        var node = record
        for step in steps {
            switch node.pointee.type {
            case JSON_OBJECT:
                guard let next = step.key.withUnsafeBufferPointer({ json_object_getn(node, $0.baseAddress, $0.count) }) else { return nil }
                node = next
            case JSON_ARRAY:
                guard let index = step.index, let next = json_array_get(node, index) else { return nil }
                node = next
            default:
                return nil
            }
        }
        return node
    }
}
