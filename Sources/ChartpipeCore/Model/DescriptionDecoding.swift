import ChartpipeJSON

/// Reading `description.<locale>.json` back (for run-level stages such as the report), given what
/// the file does not repeat: the x type and the category labels.
extension ChartDescription {
    public init?(json: JSONValue, xType: XType, categories: [String]) {
        func x(_ v: JSONValue?) -> Double? { v.flatMap { XValue.read($0, xType: xType, categories: categories) } }
        guard let locale = json["locale"]?.stringValue, let chart = json["chart"]?.stringValue,
              let title = json["title"]?.stringValue, let summary = json["summary"]?.stringValue else { return nil }
        var axes: [AxisDescription] = []
        for a in json["axes"]?.arrayValue ?? [] {
            guard let axis = a["axis"]?.stringValue.flatMap(AxisDescription.Axis.init(rawValue:)),
                  let t = a["title"]?.stringValue, let text = a["text"]?.stringValue else { return nil }
            axes.append(AxisDescription(axis: axis, title: t, text: text))
        }
        var series: [SeriesDescription] = []
        for s in json["series"]?.arrayValue ?? [] {
            guard let name = s["name"]?.stringValue, let sum = s["summary"]?.stringValue else { return nil }
            var segments: [SegmentDescription] = []
            for g in s["segments"]?.arrayValue ?? [] {
                guard let from = g["from"]?.intValue, let to = g["to"]?.intValue, let label = g["label"]?.stringValue else { return nil }
                segments.append(SegmentDescription(from: from, to: to, label: label))
            }
            var points: [PointDescription] = []
            for p in s["points"]?.arrayValue ?? [] {
                guard let index = p["index"]?.intValue, let px = x(p["x"]), let label = p["label"]?.stringValue else { return nil }
                points.append(PointDescription(index: index, x: px, y: p["y"]?.doubleValue, label: label))
            }
            series.append(SeriesDescription(name: name, summary: sum, segments: segments, points: points,
                                            braille: s["braille"]?.stringValue ?? ""))
        }
        var navigation: [NavigationList] = []
        for (name, list) in json["navigation"]?.objectValue ?? [] {
            guard let listTitle = list["title"]?.stringValue else { return nil }
            var entries: [NavigationEntry] = []
            for e in list["entries"]?.arrayValue ?? [] {
                guard let s = e["seriesIndex"]?.intValue, let index = e["index"]?.intValue, let ex = x(e["x"]),
                      let ey = e["y"]?.doubleValue, let label = e["label"]?.stringValue else { return nil }
                entries.append(NavigationEntry(series: s, index: index, x: ex, y: ey, label: label))
            }
            navigation.append(NavigationList(name: name, title: listTitle, entries: entries))
        }
        let changes = (json["changes"]?.arrayValue ?? []).compactMap { c -> ChangeDescription? in
            guard let kind = c["kind"]?.stringValue, let s = c["series"]?.stringValue, let text = c["text"]?.stringValue else { return nil }
            return ChangeDescription(kind: kind, series: s, text: text)
        }
        let layout = json["layout"].flatMap { l -> LayoutDescription? in
            guard let drawn = l["drawn"]?.stringValue, let text = l["text"]?.stringValue else { return nil }
            return LayoutDescription(drawn: drawn, text: text)
        }
        self.init(locale: locale, chart: chart, title: title, summary: summary, axes: axes,
                  statistics: json["statistics"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                  series: series, navigation: navigation, changes: changes, layout: layout)
    }
}
