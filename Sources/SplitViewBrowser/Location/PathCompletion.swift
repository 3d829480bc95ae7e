/// Completing a folder name typed in the location bar (Tab), as a shell does.
enum PathCompletion {
    /// What a Tab makes of the text.
    struct Result: Equatable {
        /// The text after completing: unchanged when nothing could be added.
        var text: String
        /// Every folder name that fits, in order; empty when none does.
        var choices: [String]
    }

    /// Completes the last name of `text` (after its last `/`) from `folders`, the names of the
    /// folders in the folder the text's head names. One name that fits is completed with a
    /// `/` after it, ready for the next; several are completed as far as they agree. Names
    /// starting with a dot only fit a name typed with its dot, as `ls` and shells hide them.
    static func complete(_ text: String, folders: [String]) -> Result {
        let head: Substring, typed: Substring
        if let slash = text.lastIndex(of: "/") {
            head = text[...slash]
            typed = text[text.index(after: slash)...]
        } else {
            head = ""
            typed = Substring(text)
        }
        let choices = folders.filter { $0.hasPrefix(typed) && (typed.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
        guard let first = choices.first else { return Result(text: text, choices: []) }
        if choices.count == 1 { return Result(text: head + first + "/", choices: choices) }
        var common = Substring(first)
        for choice in choices.dropFirst() {
            while !choice.hasPrefix(common) { common = common.dropLast() }
        }
        return Result(text: String(head + (common.count > typed.count ? common : typed)), choices: choices)
    }
}
