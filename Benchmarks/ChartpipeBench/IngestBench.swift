// Placeholder until the stage's benchmark lands; replace this file.
enum IngestBench {
    static func csv(_ args: [String]) throws { print("{\"error\": \"not measured yet\"}") }
    static func json(_ args: [String]) throws { print("{\"error\": \"not measured yet\"}") }
}
