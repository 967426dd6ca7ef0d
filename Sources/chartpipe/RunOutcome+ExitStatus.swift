import ChartpipeCore

extension RunOutcome {
    /// How the process ends after this run or merge.
    var exitStatus: ExitStatus { ExitStatus(rawValue: exitCode) }
}
