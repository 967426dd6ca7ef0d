indirect enum XMLNode: Sendable, Equatable {
    case text(String)
    case element(XMLElement)
}
