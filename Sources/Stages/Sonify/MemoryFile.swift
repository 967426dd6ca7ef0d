#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import CSndFile
import ChartpipeCore

/// A growable byte buffer that libsndfile reads and writes through its virtual I/O callbacks.
final class MemoryFile {
    var bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8] = []) { self.bytes = bytes }

    /// The callbacks find the buffer through the user-data pointer; they capture nothing.
    static let io = SF_VIRTUAL_IO(
        get_filelen: { user in MemoryFile.from(user).map { sf_count_t($0.bytes.count) } ?? -1 },
        seek: { offset, whence, user in
            guard let file = MemoryFile.from(user),
                  let target = VirtualSeek.target(Int(offset), whence: whence, position: file.position, end: { file.bytes.count })
            else { return -1 }
            file.position = target
            return sf_count_t(target)
        },
        read: { pointer, count, user in
            guard let file = MemoryFile.from(user), let pointer else { return 0 }
            let n = max(0, min(Int(count), file.bytes.count - file.position))
            file.bytes.withUnsafeBytes { source in
                if n > 0, let base = source.baseAddress {
                    pointer.copyMemory(from: base + file.position, byteCount: n)
                }
            }
            file.position += n
            return sf_count_t(n)
        },
        write: { pointer, count, user in
            guard let file = MemoryFile.from(user), let pointer else { return 0 }
            let n = Int(count)
            let end = file.position + n
            if end > file.bytes.count { file.bytes.append(contentsOf: repeatElement(0, count: end - file.bytes.count)) }
            file.bytes.withUnsafeMutableBytes { target in
                if n > 0, let base = target.baseAddress {
                    (base + file.position).copyMemory(from: pointer, byteCount: n)
                }
            }
            file.position = end
            return sf_count_t(n)
        },
        tell: { user in MemoryFile.from(user).map { sf_count_t($0.position) } ?? -1 }
    )

    static func from(_ user: UnsafeMutableRawPointer?) -> MemoryFile? {
        user.map { Unmanaged<MemoryFile>.fromOpaque($0).takeUnretainedValue() }
    }
}
