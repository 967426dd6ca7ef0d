import ChartpipeText

/// Writes SVG markup: elements with attributes in the order given, numbers with at most one
/// decimal (a tenth of a pixel), so that the same chart is always the same bytes.
struct SVGWriter {
    private(set) var text = ""
    private var depth = 0

    /// A coordinate or length: rounded to a tenth, without a trailing `.0`, never `-0`.
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let tenths = Int((v * 10).rounded())
        if tenths == 0 { return "0" }
        let sign = tenths < 0 ? "-" : ""
        let a = abs(tenths)
        return a % 10 == 0 ? "\(sign)\(a / 10)" : "\(sign)\(a / 10).\(a % 10)"
    }

    /// Attributes with a value; nil values are left out. Values are escaped as SVG attributes.
    private func attributes(_ list: [(String, String?)]) -> String {
        list.compactMap { name, value in value.map { " \(name)=\"\(SVG.attribute($0))\"" } }.joined()
    }

    private var indent: String { String(repeating: "  ", count: depth) }

    mutating func open(_ name: String, _ list: [(String, String?)] = []) {
        text += indent + "<\(name)\(attributes(list))>\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += indent + "</\(name)>\n"
    }

    /// An element without children, or with `content` as its escaped text.
    mutating func element(_ name: String, _ list: [(String, String?)] = [], content: String? = nil) {
        if let content {
            text += indent + "<\(name)\(attributes(list))>\(SVG.text(content))</\(name)>\n"
        } else {
            text += indent + "<\(name)\(attributes(list))/>\n"
        }
    }

    /// Markup written as it is (the style sheet); never data.
    mutating func raw(_ markup: String) {
        for line in markup.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            text += indent + line + "\n"
        }
    }
}
