import SplitView

/// An app's action for the core's tests: only a name, as a case of an app's enum would be.
struct TestAction: AppActionValue {
    /// The action's name.
    let name: String

    /// The action called `name`.
    init(_ name: String) {
        self.name = name
    }
}
