#if canImport(Glibc)
import Glibc
#endif

/// How series look apart without colour (WCAG 1.4.1, HIG "Charts"): each has its own colour, and
/// also its own marker shape, line dash and bar pattern, so that a reader who cannot tell the
/// colours apart, a print in grey, or forced-colours mode (one colour for all) still tells them apart.
struct SeriesStyle: Equatable {
    /// A colour for light and one for dark backgrounds; each has at least 3:1 contrast against its
    /// background (WCAG 1.4.11 non-text contrast; checked by a test).
    struct Colour: Equatable {
        let light: String
        let dark: String
    }

    /// Okabe–Ito's hues, darkened for white and lightened for the dark background.
    static let palette: [Colour] = [
        Colour(light: "#1f6fc5", dark: "#6cb6ff"), Colour(light: "#c4501b", dark: "#ff9e64"),
        Colour(light: "#1b8350", dark: "#4cd39b"), Colour(light: "#9c3d94", dark: "#f09ee6"),
        Colour(light: "#876a00", dark: "#e3c04d"), Colour(light: "#5d5fc4", dark: "#a9abff"),
    ]

    enum Shape: String, CaseIterable { case circle, square, triangle, diamond, triangleDown, cross }
    enum Pattern: String, CaseIterable { case solid, diagonal, dots, crosshatch, horizontal, vertical }

    /// Dash arrays of the lines, solid first.
    static let dashes: [String?] = [nil, "8 4", "2 3", "10 3 2 3", "4 4", "12 4 4 4"]

    let index: Int

    var colour: Colour { Self.palette[index % Self.palette.count] }
    var shape: Shape { Shape.allCases[index % Shape.allCases.count] }
    var dash: String? { Self.dashes[index % Self.dashes.count] }
    var pattern: Pattern { Pattern.allCases[index % Pattern.allCases.count] }

    /// The background colours the palette is checked against.
    static let lightBackground = "#ffffff"
    static let darkBackground = "#12161c"

    /// The outline of the marker centred on (x, y) with radius r, as SVG path data.
    func markerPath(x: Double, y: Double, r: Double, number: (Double) -> String) -> String {
        let n = number
        switch shape {
        case .circle:
            return "M\(n(x - r)) \(n(y))a\(n(r)) \(n(r)) 0 1 0 \(n(2 * r)) 0a\(n(r)) \(n(r)) 0 1 0 \(n(-2 * r)) 0Z"
        case .square:
            let s = r * 0.9
            return "M\(n(x - s)) \(n(y - s))h\(n(2 * s))v\(n(2 * s))h\(n(-2 * s))Z"
        case .triangle:
            return "M\(n(x)) \(n(y - r * 1.15))L\(n(x + r * 1.1)) \(n(y + r * 0.8))L\(n(x - r * 1.1)) \(n(y + r * 0.8))Z"
        case .triangleDown:
            return "M\(n(x)) \(n(y + r * 1.15))L\(n(x + r * 1.1)) \(n(y - r * 0.8))L\(n(x - r * 1.1)) \(n(y - r * 0.8))Z"
        case .diamond:
            let d = r * 1.25
            return "M\(n(x)) \(n(y - d))L\(n(x + d)) \(n(y))L\(n(x)) \(n(y + d))L\(n(x - d)) \(n(y))Z"
        case .cross:
            let a = r * 1.1, b = r * 0.4
            return "M\(n(x - b)) \(n(y - a))h\(n(2 * b))v\(n(a - b))h\(n(a - b))v\(n(2 * b))h\(n(b - a))v\(n(a - b))h\(n(-2 * b))v\(n(b - a))h\(n(b - a))v\(n(-2 * b))h\(n(a - b))Z"
        }
    }
}
