/// A pending question for the user, answered with Return (accept) or Escape (cancel), like
/// an alert's default and cancel actions: "Move “a.txt” to “Travel”?".
///
/// While it shows, Return and Escape answer it and nothing else; every other key keeps its
/// meaning. It is drawn as a band under the bar of the pane that shows the detail.
public struct Prompt {
    /// The question.
    public var message: String
    /// Run on Return.
    public var accept: () -> Void
    /// Run on Escape.
    public var cancel: () -> Void

    /// Creates a prompt.
    public init(message: String, accept: @escaping () -> Void, cancel: @escaping () -> Void = {}) {
        self.message = message
        self.accept = accept
        self.cancel = cancel
    }
}
