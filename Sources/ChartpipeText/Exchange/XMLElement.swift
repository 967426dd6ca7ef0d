/// A minimal XML element tree: enough for XLIFF files written by translation tools.
struct XMLElement: Sendable, Equatable {
    var name: String
    var attributes: [String: String]
    var children: [XMLNode]
    /// The 1-based line of its start tag.
    var line = 0

    /// The concatenated text of the element and its descendants.
    var text: String {
        children.map { node -> String in
            switch node {
            case let .text(t): return t
            case let .element(e): return e.text
            }
        }.joined()
    }

    var elements: [XMLElement] {
        children.compactMap { if case let .element(e) = $0 { return e }; return nil }
    }

    func first(_ name: String) -> XMLElement? { elements.first { $0.localName == name } }
    func all(_ name: String) -> [XMLElement] { elements.filter { $0.localName == name } }

    /// The name without a namespace prefix.
    var localName: String { name.split(separator: ":").last.map(String.init) ?? name }

    /// Every descendant named `name`, in document order.
    func descendants(_ name: String) -> [XMLElement] {
        elements.flatMap { ($0.localName == name ? [$0] : []) + $0.descendants(name) }
    }
}
