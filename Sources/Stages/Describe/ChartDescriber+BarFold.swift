import ChartpipeCore
import ChartpipeText

extension ChartDescriber {
    /// What a bar is after `downsample` folded too many bars into periods ("Each bar is the mean
    /// of 4 quarters in a year."), or nil when the bars are the data's own.
    func barFoldSentence() -> String? {
        guard let fold = barFold else { return nil }
        let op = phrases.rendering("op." + fold.op, []).text
        let period = rendered("fold.period." + fold.period, [])
        if let sampling = fold.sampling, fold.perBar >= 2 {
            return rendered("fold", [.text(op), .text(period), .text(rendered("fold.count." + sampling, [.integer(fold.perBar)]))])
        }
        return rendered("fold.values", [.text(op), .text(period), .integer(fold.perBar)])
    }

    private func rendered(_ key: String, _ arguments: [TemplateArgument]) -> String {
        let rendering = phrases.rendering(key, arguments)
        note(rendering.problems, key: key)
        return rendering.text
    }
}
