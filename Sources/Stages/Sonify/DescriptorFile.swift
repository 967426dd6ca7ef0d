#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import CSndFile

/// An open file that libsndfile reads and writes through its virtual I/O callbacks, so that every
/// write it makes is checked here: libsndfile does not report every short write (its MP3 encoder
/// returns success after one; the last Ogg pages or FLAC header can come up short unreported),
/// which left files with bytes missing that looked whole.
final class DescriptorFile {
    let fileDescriptor: Int32
    private var position = 0
    /// One past the last byte written: the size the file must have once libsndfile is done.
    private(set) var extent = 0
    /// The errno of the first write that did not write all its bytes (0: none).
    private(set) var failure: Int32 = 0
    /// Bytes that may still be written before a write comes up short with ENOSPC: a full disk
    /// caused on purpose, for tests (nil: no limit).
    private var budget: Int?

    init(fileDescriptor: Int32, writeLimit: Int? = nil) {
        self.fileDescriptor = fileDescriptor
        budget = writeLimit
    }

    /// Writes all of `count` bytes at the current position; a short or failed write is recorded.
    private func write(_ pointer: UnsafeRawPointer, count: Int) -> Int {
        var done = 0
        while done < count {
            var want = count - done
            if let budget {
                guard budget > 0 else {
                    failure = failure == 0 ? ENOSPC : failure
                    break
                }
                want = min(want, budget)
            }
            let n = pwrite(fileDescriptor, pointer + done, want, off_t(position + done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                failure = failure == 0 ? (n < 0 ? errno : ENOSPC) : failure
                break
            }
            budget = budget.map { $0 - n }
            done += n
        }
        position += done
        extent = max(extent, position)
        return done
    }

    /// The callbacks find the file through the user-data pointer; they capture nothing.
    static let io = SF_VIRTUAL_IO(
        get_filelen: { user in
            guard let file = DescriptorFile.from(user) else { return -1 }
            var info = stat()
            guard fstat(file.fileDescriptor, &info) == 0 else { return -1 }
            return sf_count_t(max(Int(info.st_size), file.extent))
        },
        seek: { offset, whence, user in
            guard let file = DescriptorFile.from(user),
                  let target = VirtualSeek.target(Int(offset), whence: whence, position: file.position, end: {
                      var info = stat()
                      return fstat(file.fileDescriptor, &info) == 0 ? max(Int(info.st_size), file.extent) : nil
                  }) else { return -1 }
            file.position = target
            return sf_count_t(target)
        },
        read: { pointer, count, user in
            guard let file = DescriptorFile.from(user), let pointer else { return 0 }
            var done = 0
            while done < Int(count) {
                let n = pread(file.fileDescriptor, pointer + done, Int(count) - done, off_t(file.position + done))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                done += n
            }
            file.position += done
            return sf_count_t(done)
        },
        write: { pointer, count, user in
            guard let file = DescriptorFile.from(user), let pointer else { return 0 }
            return sf_count_t(file.write(pointer, count: Int(count)))
        },
        tell: { user in DescriptorFile.from(user).map { sf_count_t($0.position) } ?? -1 }
    )

    static func from(_ user: UnsafeMutableRawPointer?) -> DescriptorFile? {
        user.map { Unmanaged<DescriptorFile>.fromOpaque($0).takeUnretainedValue() }
    }
}
