// Placeholder until the stage's benchmark lands; replace this file.
enum TrendBench {
    static func run(_ args: [String]) throws { print("{\"error\": \"not measured yet\"}") }
}
