import CProcess
import ChartpipeCore
import Foundation
import Synchronization

/// NUL-terminated C string arrays for posix_spawn.
enum CStrings {
    static func withArray(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32) -> Int32 {
        let copies = strings.map { strdup($0) } + [nil]
        defer { for pointer in copies { free(pointer) } }
        return copies.withUnsafeBufferPointer { $0.baseAddress.map(body) } ?? EINVAL
    }
}
