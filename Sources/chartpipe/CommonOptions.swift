import ChartpipeCore

/// Options several commands share, declared once for all of them.
enum CommonOptions {
    static let logFormat = OptionSpec("log-format", value: "FORMAT", help: "{choices} (one object per line on stderr).",
                                      shape: .choice(Log.Format.allCases.map(\.rawValue)), default: Log.Format.text.rawValue)
    static let quiet = OptionSpec(flag: "quiet", help: "Print only errors.")
    static let noSync = OptionSpec(flag: "no-sync", help: "Do not flush the files to disk before the manifest (faster; a power cut may then lose the run: for scratch output).")
}
