import Foundation
import XCTest

/// Whether processes that test doubles started are still running: the doubles write their
/// process ids (and their children's) into a folder, and this reads /proc.
public enum ProcessCheck {
    /// The process ids written into `folder`: one per line in files ending in .pid, .child or .pids.
    public static func recordedPIDs(in folder: URL) -> [Int32] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".pid") || $0.hasSuffix(".child") || $0.hasSuffix(".pids") }.flatMap { file in
            ((try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? "")
                .split(whereSeparator: \.isNewline).compactMap { Int32($0) }
        }
    }

    /// Processes that run (zombies do not count) and are `pid` or in its process group.
    public static func running(pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // The fields after the command: state, ppid, pgrp.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z" else { return false }
            return candidate == pid || Int32(fields[2]) == pid
        }
    }

    /// Fails when a recorded process, or one of its process group, still runs once SIGKILL has had
    /// time to land (up to 10 s: a leak is a `sleep 1000`, never a slow exit).
    public static func assertNothingLeftBehind(_ folder: URL, file: StaticString = #filePath, line: UInt = #line) {
        let pids = recordedPIDs(in: folder)
        var left: [Int32] = []
        for _ in 0..<100 {
            left = pids.flatMap(running(pid:))
            if left.isEmpty { return }
            usleep(100_000)
        }
        XCTFail("processes left running: \(left)", file: file, line: line)
    }
}
