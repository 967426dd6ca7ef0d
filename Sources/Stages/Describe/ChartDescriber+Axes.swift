import ChartpipeCore
import ChartpipeText

/// The axes layer: what each axis represents and its range, x first.
extension ChartDescriber {
    // MARK: Axes

    func axes() -> [AxisDescription] {
        var xText: String
        switch full.xType {
        case .category:
            let labels = full.categories.map { catalog.text($0, locale: locale) }
            if labels.count <= 12 {
                xText = say("axis.x.categories", [t(language.running(xTitle)), .integer(labels.count), t(language.list(labels))])
            } else {
                xText = say("axis.x.categoryRange", [t(language.running(xTitle)), .integer(labels.count), t(labels.first ?? ""),
                                                     t(labels.last ?? "")])
            }
        case .time, .number:
            if let e = extent, e.firstX == e.lastX {
                xText = say("axis.x.single", [t(language.running(xTitle)), t(x.text(e.firstX))])
            } else {
                let e = extent
                let (title, from, to) = (language.running(xTitle), e.map { x.text($0.firstX) } ?? "", e.map { x.text($0.lastX) } ?? "")
                // Hours are of a zone: the axis names it (6 PM UTC is 1 PM in New York).
                xText = namesHours ? zonedAxis(title: title, from: from, to: to) : say("axis.x", [t(title), t(from), t(to)])
            }
        }
        var axes = [AxisDescription(axis: .x, title: xTitle, text: xText)]
        if let range = chart.y.range {
            axes.append(AxisDescription(axis: .y, title: yTitle,
                                        text: say("axis.y", [t(language.running(yTitle))] + fromTo(range.lowerBound, range.upperBound, amount: true))))
        } else if let e = extent, e.low == e.high {
            axes.append(AxisDescription(axis: .y, title: yTitle, text: say("axis.y.single", [t(language.running(yTitle)), t(value(e.low))])))
        } else if let e = extent {
            axes.append(AxisDescription(axis: .y, title: yTitle,
                                        text: say("axis.y", [t(language.running(yTitle))] + fromTo(e.low, e.high))))
        }
        return axes
    }
}
