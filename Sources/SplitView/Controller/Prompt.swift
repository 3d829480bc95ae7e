/// A pending question for the user, answered with Return (accept) or Escape (cancel), like
/// an alert's default and cancel actions: "Move “a.txt” to “Travel”?". It may offer more
/// answers (``choices``), each with a key of its own, as an alert with more buttons does:
/// "“a.txt” already exists. Replace it?" with Keep Both (K) and Skip (S).
///
/// While it shows, Return, Escape and the choices' keys answer it and nothing else; every
/// other key keeps its meaning. It is drawn as a band under the bar of the pane that shows
/// the detail: the question, then each answer as a button named with its key ("K: Keep
/// Both", "Return: Replace", "Escape: Cancel"); a prompt with choices has a second row for
/// its buttons.
///
/// Differs: UIKit's `UIAlertController` is a modal window; here the question lies over the
/// detail pane and leaves the rest of the window working (a copy under way goes on).
public struct Prompt {
    /// One more answer than Return's and Escape's: a button drawn before them, pressed by
    /// its key or a click.
    public struct Choice {
        /// What it says ("Keep Both").
        public var title: String
        /// The key that answers with it (`K`); compared without Caps Lock and Num Lock.
        public var key: KeyChord
        /// Nil for a button; a check box's state for a setting that applies to the answer
        /// ("Apply to All"): drawn as a box, checked or not. Choosing it runs its action like
        /// any choice, and the action usually shows the prompt again with the box toggled.
        public var isChecked: Bool?
        /// Run when chosen, after the prompt is cleared.
        public var action: () -> Void

        /// Creates a choice.
        public init(title: String, key: KeyChord, isChecked: Bool? = nil, action: @escaping () -> Void) {
            self.title = title
            self.key = key
            self.isChecked = isChecked
            self.action = action
        }
    }

    /// The question.
    public var message: String
    /// Run on Return.
    public var accept: () -> Void
    /// Run on Escape.
    public var cancel: () -> Void
    /// What Return's button says: "OK" by default ("Replace").
    public var acceptTitle = String(translated: "OK")
    /// What Escape's button says: "Cancel" by default.
    public var cancelTitle = String(translated: "Cancel")
    /// The answers besides Return's and Escape's, drawn before them in this order.
    public var choices: [Choice] = []

    /// Creates a prompt.
    public init(message: String, accept: @escaping () -> Void, cancel: @escaping () -> Void = {}) {
        self.message = message
        self.accept = accept
        self.cancel = cancel
    }

    /// The choice `chord` answers with, if any.
    func choice(forKey chord: KeyChord) -> Int? {
        let key = chord.withoutLocks
        return choices.firstIndex { $0.key.withoutLocks == key }
    }
}

/// One answer to a ``Prompt``: Return's, Escape's, or one of its ``Prompt/choices``.
public enum PromptAnswer: Hashable, Sendable {
    /// Return's (the default action).
    case accept
    /// Escape's.
    case cancel
    /// The choice at this index of ``Prompt/choices``.
    case choice(Int)
}

/// What a pane draws of a prompt: its question and its buttons' labels, as a value the pane's
/// key compares (a ``Prompt`` holds closures).
struct PromptChrome: Hashable, Sendable {
    /// One button.
    struct Button: Hashable, Sendable {
        /// "K: Keep Both", "Return: OK".
        var label: String
        /// A check box's state, or nil for a plain button.
        var isChecked: Bool?
        /// What it answers.
        var answer: PromptAnswer
    }

    /// The question.
    var message: String
    /// The buttons, in drawing order: the choices, then Return's, then Escape's.
    var buttons: [Button]

    /// The chrome of a plain prompt asking `message` (Return: OK, Escape: Cancel).
    init(message: String) {
        self.message = message
        buttons = [
            Button(label: BarMetrics.promptAccept, answer: .accept), Button(label: BarMetrics.promptCancel, answer: .cancel),
        ]
    }

    /// The chrome of `prompt`.
    init(_ prompt: Prompt) {
        message = prompt.message
        buttons = prompt.choices.enumerated().map { index, choice in
            Button(label: Self.label(choice.key.displayName, choice.title), isChecked: choice.isChecked, answer: .choice(index))
        }
        buttons.append(Button(label: Self.label(KeyChord.Key.return.displayName, prompt.acceptTitle), answer: .accept))
        buttons.append(Button(label: Self.label(KeyChord.Key.escape.displayName, prompt.cancelTitle), answer: .cancel))
    }

    /// A button's label: the key that presses it, then what it says ("K: Keep Both"), both in
    /// the reader's language.
    static func label(_ key: String, _ title: String) -> String {
        String(translated: "\(key): \(title)")
    }

    /// Whether the buttons take a row of their own under the question: a prompt with more
    /// than its two answers.
    var isTall: Bool { buttons.count > 2 }

    /// The band's height under the bar.
    var height: Double { isTall ? BarMetrics.promptHeight + BarMetrics.promptRowHeight : BarMetrics.promptHeight }
}
