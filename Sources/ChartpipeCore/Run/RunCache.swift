import Foundation
import ChartpipeJSON
import Synchronization

/// What a run of an output folder remembers for the next run of it, in `.chartpipe-cache` (a
/// shard: `.chartpipe-cache.shard-I`), beside the manifest and never listed in it:
///
/// - the identity (device, inode, size, modification and change times) of every listed file
///   when it was written or last hashed, so that `--incremental` verifies an unchanged file by
///   one `stat` instead of reading and hashing it (`ArtifactWriter.verifies`): a file rewritten
///   since has a new change time, whatever was done to its modification time;
/// - what each run-level stage saved of its work (`RunStageState`), such as where each chart's
///   section lies in the report, so that an incremental run copies what did not change.
///
/// Only a shortcut: a cache that is missing, damaged or of another tool version is ignored (and
/// one copied from another folder matches no file's device and inode), and the files are hashed
/// and the stages' work done as without one. What identities cannot see is in docs/output.md.
struct RunCache: Sendable {
    /// Its file name in the output folder.
    static func fileName(_ shard: Shard?) -> String { shard.map { ".chartpipe-cache.shard-\($0.index)" } ?? ".chartpipe-cache" }
    static let header = "chartpipe-cache 1 "

    var files: [String: FileIdentity] = [:]
    /// The order the `F` lines are written in (the manifest's, which costs no sort); sorted by
    /// path when nil. Not read back: readers look files up by path.
    var order: [String]?
    /// Input files (data, catalogs, plugin programs) by absolute path, as `FileDigests` hashed them.
    var inputs: [String: FileIdentity] = [:]
    /// The state each run-level stage saved, by its key in the pipeline.
    var stages: [String: JSONValue] = [:]

    init(files: [String: FileIdentity] = [:], inputs: [String: FileIdentity] = [:], stages: [String: JSONValue] = [:]) {
        self.files = files
        self.inputs = inputs
        self.stages = stages
    }

    /// The cache `name` in the folder, or an empty one.
    static func read(_ writer: ArtifactWriter, name: String) -> RunCache {
        guard let bytes = try? writer.read(name) else { return RunCache() }
        return RunCache(bytes: bytes) ?? RunCache()
    }

    /// Adds the identities another cache of the folder knows (a shard's, the merged run's) that
    /// this one does not.
    mutating func adopt(_ other: RunCache) {
        files.merge(other.files) { own, _ in own }
        inputs.merge(other.inputs) { own, _ in own }
    }

    /// Lines: the header with the tool version, then `F sha256 device inode size mtime ctime path`
    /// per file of the folder (times in nanoseconds), `I` and the same per input file, `S` and a
    /// JSON array `[stage key, state]` per stage, and `E` with the SHA-256 of all before it.
    init?(bytes: [UInt8]) {
        // The last line is `E` and the SHA-256 of everything before it: a cache cut short (a crash
        // while it was written) or edited is not read at all.
        guard bytes.count > 67, bytes.last == UInt8(ascii: "\n") else { return nil }
        let end = bytes.count - 67
        guard bytes[end] == UInt8(ascii: "E"), bytes[end + 1] == UInt8(ascii: " "),
              String(decoding: bytes[(end + 2)..<(bytes.count - 1)], as: UTF8.self) == SHA256.hex(bytes[..<end]) else { return nil }
        var lines = bytes[..<end].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), String(decoding: first, as: UTF8.self) == Self.header + Manifest.toolVersion else { return nil }
        for line in lines {
            guard line.count > 2, line[line.startIndex + 1] == UInt8(ascii: " ") else { return nil }
            let body = line[(line.startIndex + 2)...]
            switch line[line.startIndex] {
            case UInt8(ascii: "F"), UInt8(ascii: "I"):
                guard let (path, identity) = Self.identity(body) else { return nil }
                if line[line.startIndex] == UInt8(ascii: "F") { files[path] = identity } else { inputs[path] = identity }
            case UInt8(ascii: "S"):
                guard let json = try? JSONParser.parse(Array(body)), let pair = json.arrayValue, pair.count == 2,
                      let key = pair[0].stringValue else { return nil }
                stages[key] = pair[1]
            default:
                return nil
            }
        }
    }

    /// `sha256 device inode size mtime ctime path` (an `F` or `I` line without its tag), read from
    /// the bytes: a cache of 1,000 charts has some 13,000 of them, and making a string of each
    /// field was most of the time it took to read.
    private static func identity(_ body: ArraySlice<UInt8>) -> (String, FileIdentity)? {
        var i = body.startIndex
        let shaEnd = i + 64
        guard shaEnd < body.endIndex, body[shaEnd] == UInt8(ascii: " ") else { return nil }
        let sha = String(decoding: body[i..<shaEnd], as: UTF8.self)
        i = shaEnd + 1
        var numbers: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
        for n in 0..<5 {
            let negative = i < body.endIndex && body[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            var magnitude: UInt64 = 0
            let from = i
            while i < body.endIndex, body[i] != UInt8(ascii: " ") {
                let digit = body[i] &- UInt8(ascii: "0")
                let (times10, over) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(UInt64(digit))
                guard digit < 10, !over, !carry else { return nil }
                magnitude = sum
                i += 1
            }
            guard i > from, i < body.endIndex, magnitude <= (negative ? 1 << 63 : UInt64(Int64.max)) else { return nil }
            i += 1
            let value = negative ? Int64(bitPattern: 0 &- magnitude) : Int64(magnitude)
            switch n {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            case 2: numbers.2 = value
            case 3: numbers.3 = value
            default: numbers.4 = value
            }
        }
        guard i < body.endIndex else { return nil }
        let identity = FileIdentity(device: UInt64(bitPattern: numbers.0), inode: UInt64(bitPattern: numbers.1), size: numbers.2,
                                    modified: numbers.3, changed: numbers.4, sha256: sha)
        return (String(decoding: body[i...], as: UTF8.self), identity)
    }

    var bytes: [UInt8] {
        var out = Array((Self.header + Manifest.toolVersion + "\n").utf8)
        // Written byte by byte: string interpolation of some 13,000 lines was a visible part of an
        // incremental run.
        out.reserveCapacity(200 * (files.count + inputs.count) + 4096)
        func number(_ value: Int64) {
            out.append(UInt8(ascii: " "))
            JSONWriter.decimal(Int(value), into: &out)
        }
        // In a given or sorted order, so that the file does not depend on a dictionary's order.
        let fileOrder = order ?? files.keys.sorted()
        for (tag, paths, list) in [(UInt8(ascii: "F"), fileOrder, files), (UInt8(ascii: "I"), inputs.keys.sorted(), inputs)] {
            for path in paths where !path.utf8.contains(UInt8(ascii: "\n")) {
                guard let f = list[path] else { continue }
                out.append(tag)
                out.append(UInt8(ascii: " "))
                out += f.sha256.utf8
                number(Int64(bitPattern: f.device))
                number(Int64(bitPattern: f.inode))
                number(f.size)
                number(f.modified)
                number(f.changed)
                out.append(UInt8(ascii: " "))
                out += path.utf8
                out.append(UInt8(ascii: "\n"))
            }
        }
        for key in stages.keys.sorted() {
            guard let state = stages[key] else { continue }
            out += Array("S ".utf8) + JSONWriter(pretty: false).bytes(.array([.string(key), state]))
            if out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        }
        out += Array("E \(SHA256.hex(out))\n".utf8)
        return out
    }

    /// Writes the cache into the folder: a temporary file renamed into place, without `fsync`
    /// (a cache lost in a crash costs a slower run, nothing else). A failure is ignored the same way.
    func write(_ writer: ArtifactWriter, shard: Shard?) {
        let name = Self.fileName(shard)
        guard let (folder, _) = try? writer.openParent(of: name, create: false) else { return }
        defer { close(folder) }
        let temporary = "." + name + ".tmp-\(getpid())"
        unlinkat(folder, temporary, 0)
        let fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        var sink = ArtifactSink(fileDescriptor: fd)
        let wrote = (try? sink.write(bytes)) != nil
        let closed = close(fd) == 0
        if !wrote || !closed || renameat(folder, temporary, folder, name) != 0 { unlinkat(folder, temporary, 0) }
    }
}
