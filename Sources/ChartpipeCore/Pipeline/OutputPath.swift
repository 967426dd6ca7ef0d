/// What an output folder and the names below it may be, so that a run never writes over its own
/// inputs and an output folder can be copied to any system.
public enum OutputPath {
    /// Names Windows reserves for devices, in any case: a folder of that name cannot be copied there.
    public static let reservedNames = Set(["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })

    /// Why `path` (absolute, standardized; `shown` as the user wrote it) cannot be the output folder
    /// of a pipeline in `pipelineDirectory`, or nil.
    public static func problem(_ path: String, shown: String, pipelineDirectory: String) -> String? {
        // Checked as written too: resolving a path percent-encodes a NUL ("a\u0000b" became "a%00b").
        let control = { (s: Unicode.Scalar) in s.value < 0x20 || (0x7F...0x9F).contains(s.value) }
        if shown.unicodeScalars.contains(where: control) || path.unicodeScalars.contains(where: control) {
            return "the output folder's path holds a control character (such as NUL or a line break)"
        }
        if path == "/" || path.isEmpty { return "the output folder cannot be the root folder '/'" }
        let folder = pipelineDirectory.hasSuffix("/") ? pipelineDirectory : pipelineDirectory + "/"
        if path == pipelineDirectory || folder.hasPrefix(path + "/") {
            return "the output folder '\(shown)' would hold the pipeline's own folder and data; choose a folder of its own, such as 'out/<name>'"
        }
        return nil
    }

    /// Why a chart id or pipeline name cannot name a folder everywhere, or nil.
    public static func problem(name: String) -> String? {
        reservedNames.contains(name.lowercased())
            ? "'\(name)' is a name Windows reserves for a device, so an output folder holding it could not be copied there; choose another"
            : nil
    }
}
