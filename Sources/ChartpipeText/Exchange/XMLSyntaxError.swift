/// An XML syntax error with its 1-based line.
struct XMLSyntaxError: Error, Equatable {
    var message: String
    var line: Int
}
