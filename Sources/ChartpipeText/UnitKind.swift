#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a pipeline's `unit` names.
enum UnitKind: Equatable {
    case none
    case currency(String)
    case percent
    case measure(String)

    init(_ unit: String?) {
        guard let unit, !unit.isEmpty else { self = .none; return }
        if unit == "percent" { self = .percent; return }
        let isCurrency = unit.utf8.count == 3 && unit.utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
        self = isCurrency ? .currency(unit) : .measure(unit)
    }

    var isCurrency: Bool {
        if case .currency = self { return true }
        return false
    }
}
