import Glibc

/// A folder of this process where each fuzz input is written, for entry points that open files by
/// path. It lies under `$CHARTPIPE_FUZZ_TMP` (the Makefile sets it and removes it after the run),
/// else under /dev/shm (memory, so a million writes cost no disk), else under /tmp.
public struct InputFolder: Sendable {
    public let path: String

    /// The folder of this process, made on first use and removed when the process exits normally.
    public static let current = InputFolder()

    private init() {
        let base: String
        if let set = getenv("CHARTPIPE_FUZZ_TMP") {
            base = String(cString: set)
        } else {
            base = access("/dev/shm", W_OK) == 0 ? "/dev/shm/chartpipe-fuzz" : "/tmp/chartpipe-fuzz"
        }
        mkdir(base, 0o700)
        path = "\(base)/\(getpid())"
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            fatalError("cannot make the fuzz input folder \(path): \(String(cString: strerror(errno)))")
        }
        atexit { InputFolder.current.remove() }
    }

    /// Writes `bytes` to the file `name` in the folder, replacing what it held, and returns its path.
    public func write(_ bytes: UnsafeRawBufferPointer, named name: String) -> String {
        let file = "\(path)/\(name)"
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(file): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress.map { $0 + done }, bytes.count - done)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { fatalError("cannot write \(file): \(String(cString: strerror(errno)))") }
            done += n
        }
        return file
    }

    /// Deletes the files in the folder and the folder itself.
    private func remove() {
        guard let dir = opendir(path) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { unlink("\(path)/\(name)") }
        }
        closedir(dir)
        rmdir(path)
    }
}
