import CICU
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a list's last item joins: "A, B, and C" or "A, B, or C".
public enum ListConjunction: String, Sendable {
    case and, or
}
