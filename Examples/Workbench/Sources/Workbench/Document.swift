/// A file the workbench shows: its name and its text, held in memory.
struct Document {
    var name: String
    var text: String

    /// One entry of the file's outline: a declaration or a heading.
    struct Symbol {
        var title: String
        /// The line it is on, from 1.
        var line: Int
        /// How deep it is nested: 0 at the top.
        var depth: Int
    }

    /// The types, extensions and functions of a Swift file, or the headings of a Markdown one,
    /// found line by line (no parser: a real workbench would ask a language server).
    var symbols: [Symbol] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let indent = line.prefix { $0 == " " }.count
            let words = line.split(separator: " ")
            if let level = words.first, level.allSatisfy({ $0 == "#" }), words.count > 1 {
                return Symbol(title: words.dropFirst().joined(separator: " "), line: index + 1, depth: level.count - 1)
            }
            guard let keyword = words.prefix(3).firstIndex(where: { Self.keywords.contains(String($0)) }) else { return nil }
            let declaration = words[keyword...].prefix { $0 != "{" }.joined(separator: " ")
            return Symbol(title: declaration, line: index + 1, depth: indent / 4)
        }
    }

    private static let keywords: Set = ["struct", "class", "enum", "protocol", "extension", "func"]

    /// The project's files, made up: a real workbench would read them from a folder.
    static let samples: [Document] = [
        Document(
            name: "Package.swift",
            text: """
                // swift-tools-version: 6.2
                import PackageDescription

                let package = Package(
                    name: "Counter",
                    targets: [
                        .executableTarget(name: "Counter"),
                        .testTarget(name: "CounterTests", dependencies: ["Counter"]),
                    ]
                )
                """),
        Document(
            name: "Counter.swift",
            text: """
                /// Counts up and down, never below zero.
                struct Counter {
                    private(set) var value = 0

                    mutating func increment() {
                        value += 1
                    }

                    mutating func decrement() {
                        value = max(0, value - 1)
                    }
                }

                extension Counter: CustomStringConvertible {
                    var description: String { "Counter(\\(value))" }
                }
                """),
        Document(
            name: "main.swift",
            text: """
                var counter = Counter()
                for _ in 0..<3 { counter.increment() }
                counter.decrement()
                print(counter)   // Counter(2)

                func banner(_ title: String) -> String {
                    String(repeating: "=", count: title.count) + "\\n" + title
                }
                print(banner("done"))
                """),
        Document(
            name: "CounterTests.swift",
            text: """
                import Testing
                @testable import Counter

                struct CounterTests {
                    @Test func neverBelowZero() {
                        var counter = Counter()
                        counter.decrement()
                        #expect(counter.value == 0)
                    }

                    @Test func countsUp() {
                        var counter = Counter()
                        counter.increment()
                        counter.increment()
                        #expect(counter.value == 2)
                    }
                }
                """),
        Document(
            name: "README.md",
            text: """
                # Counter

                A counter that never goes below zero.

                ## Run

                    swift run Counter

                ## Test

                    swift test
                """),
    ]
}
