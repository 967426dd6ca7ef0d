import ChartpipeCore
#if canImport(Glibc)
import Glibc
#endif

/// How series look apart without colour (WCAG 1.4.1, HIG "Charts"): up to `distinctCount` series
/// each have their own colour and also their own marker shape, line dash, line weight and bar
/// pattern, so that a reader who cannot tell the colours apart, a print in grey, or forced-colours
/// mode (one colour for all) still tells them apart. Lines differ pairwise in shape and dash (and
/// weight between the first and second six); bars in fill pattern and outline dash. Past
/// `distinctCount` the chart draws small multiples or a highlight instead (`ChartLayout`).
struct SeriesStyle: Equatable {
    /// A colour for light and one for dark backgrounds; each has at least 3.2:1 contrast against its
    /// background (WCAG 1.4.11 non-text contrast asks 3:1; checked by a test).
    struct Colour: Equatable {
        let light: String
        let dark: String
    }

    /// How many series stay distinguishable without colour; more are drawn apart (`ChartLayout`).
    static let distinctCount = 12

    /// The smallest CIEDE2000 between any two colours of the light or of the dark palette, under
    /// normal vision and simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009,
    /// severity 1.0): the palette test's floor. Colour is the third channel, never the only one.
    static let minimumDeltaE = 6.0

    /// Chosen by `Tests/ChartTests/Fixtures/palette.py` (greedy max-min CIEDE2000 under the three
    /// simulations, with 3.2:1 contrast against each background).
    static let palette: [Colour] = [
        Colour(light: "#2961ba", dark: "#59aafc"), Colour(light: "#c76816", dark: "#df7c2d"),
        Colour(light: "#5e4118", dark: "#f9d0a1"), Colour(light: "#a2729b", dark: "#b886b1"),
        Colour(light: "#588d66", dark: "#6da27a"), Colour(light: "#7f2448", dark: "#fe97b7"),
        Colour(light: "#664a77", dark: "#dcbaee"), Colour(light: "#087062", dark: "#90e7d6"),
        Colour(light: "#726231", dark: "#cab47f"), Colour(light: "#a15e73", dark: "#c88297"),
        Colour(light: "#718a40", dark: "#869f53"), Colour(light: "#81433e", dark: "#feb4ac"),
    ]

    enum Shape: String, CaseIterable {
        case circle, square, triangle, diamond, triangleDown, plus, cross, star, pentagon, hexagon, triangleRight, triangleLeft
    }

    enum Pattern: String, CaseIterable {
        case solid, diagonal, dots, crosshatch, horizontal, vertical, antidiagonal, grid, bigDots, checker, doubleHorizontal, rings
    }

    /// Dash arrays of the lines, solid first; each differs from the others in its rhythm.
    static let dashes: [String?] = [nil, "8 4", "2 3", "10 3 2 3", "4 4", "12 4 4 4", "1 6", "16 4", "3 7", "14 3 2 3 2 3",
                                    "20 3 2 3", "6 2"]

    let index: Int

    var colour: Colour { Self.palette[index % Self.palette.count] }
    var shape: Shape { Shape.allCases[index % Shape.allCases.count] }
    var dash: String? { Self.dashes[index % Self.dashes.count] }
    var pattern: Pattern { Pattern.allCases[index % Pattern.allCases.count] }
    /// The line's width: the second six are thinner, a third channel between the two halves.
    var weight: Double { index % Self.distinctCount < 6 ? 2.2 : 1.6 }

    /// The background colours the palette is checked against.
    static let lightBackground = "#ffffff"
    static let darkBackground = "#12161c"

    /// The outline of the marker centred on (x, y) with radius r, as SVG path data.
    func markerPath(x: Double, y: Double, r: Double, number: (Double) -> String) -> String {
        let n = number
        func polygon(_ points: [(Double, Double)]) -> String {
            points.enumerated().map { ($0.offset == 0 ? "M" : "L") + "\(n(x + $0.element.0)) \(n(y + $0.element.1))" }.joined() + "Z"
        }
        func regular(_ sides: Int, radius: Double, inner: Double? = nil) -> String {
            let count = inner == nil ? sides : 2 * sides
            return polygon((0..<count).map { i in
                let a = -Double.pi / 2 + Double(i) * 2 * Double.pi / Double(count)
                let rr = inner.map { i % 2 == 0 ? radius : $0 } ?? radius
                return (rr * cos(a), rr * sin(a))
            })
        }
        switch shape {
        case .circle:
            return "M\(n(x - r)) \(n(y))a\(n(r)) \(n(r)) 0 1 0 \(n(2 * r)) 0a\(n(r)) \(n(r)) 0 1 0 \(n(-2 * r)) 0Z"
        case .square:
            let s = r * 0.9
            return "M\(n(x - s)) \(n(y - s))h\(n(2 * s))v\(n(2 * s))h\(n(-2 * s))Z"
        case .triangle: return polygon([(0, -r * 1.15), (r * 1.1, r * 0.8), (-r * 1.1, r * 0.8)])
        case .triangleDown: return polygon([(0, r * 1.15), (r * 1.1, -r * 0.8), (-r * 1.1, -r * 0.8)])
        case .triangleRight: return polygon([(r * 1.15, 0), (-r * 0.8, r * 1.1), (-r * 0.8, -r * 1.1)])
        case .triangleLeft: return polygon([(-r * 1.15, 0), (r * 0.8, r * 1.1), (r * 0.8, -r * 1.1)])
        case .diamond:
            let d = r * 1.25
            return polygon([(0, -d), (d, 0), (0, d), (-d, 0)])
        case .plus:
            let a = r * 1.1, b = r * 0.4
            return polygon([(-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b), (-a, -b), (-b, -b)])
        case .cross:
            // The plus turned by 45°.
            let a = r * 1.1, b = r * 0.4
            let points = [(-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b), (-a, b), (-a, -b), (-b, -b)]
            let c = 0.5.squareRoot()
            return polygon(points.map { (($0.0 - $0.1) * c, ($0.0 + $0.1) * c) })
        case .star: return regular(5, radius: r * 1.3, inner: r * 0.55)
        case .pentagon: return regular(5, radius: r * 1.1)
        case .hexagon: return regular(6, radius: r * 1.05)
        }
    }

    /// The channels besides hue in which two styles differ when drawn as `mark` (what a reader
    /// without colour has to tell them apart).
    func channels(apartFrom other: SeriesStyle, mark: Mark) -> Set<String> {
        var out: Set<String> = []
        switch mark {
        case .line, .area:
            if shape != other.shape { out.insert("shape") }
            if dash != other.dash { out.insert("dash") }
            if weight != other.weight { out.insert("weight") }
        case .bar:
            if pattern != other.pattern { out.insert("pattern") }
            if dash != other.dash { out.insert("dash") }
        case .point:
            if shape != other.shape { out.insert("shape") }
            if weight != other.weight { out.insert("weight") }
        }
        return out
    }
}
