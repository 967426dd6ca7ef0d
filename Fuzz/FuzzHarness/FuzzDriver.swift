import CLibFuzzer
import Glibc

/// Starts libFuzzer with the process's arguments (`-max_len`, corpus folders…) and exits with its status.
public enum FuzzDriver {
    public static func run(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, test))
    }
}
