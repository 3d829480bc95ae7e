/// A value an app defines for one of its own actions, so that ``Command/action(_:)-enum.case`` carries it
/// through the core as itself: the core compares and hashes it, and never reads it.
///
/// An app's enum is the usual shape; a case may carry what the action needs (the application
/// an "Open With" item starts):
///
/// ```swift
/// enum MailAction: AppActionValue {
///     case archive
///     case moveTo(mailbox: String)
///
///     var name: String {
///         switch self {
///         case .archive: "archive"
///         case .moveTo(let mailbox): "moveTo(\(mailbox))"
///         }
///     }
/// }
///
/// let keys = KeyBindings.default.adding([.init(KeyChord(.character("e")), .action(MailAction.archive))])
/// let split = SplitViewController(style: .tripleColumn, keyBindings: keys)
/// split.actionHandler = { action in
///     guard let mail = action.value as? MailAction else { return false }
///     …
///     return true
/// }
/// ```
///
/// Decided (UIKit sends a selector up the responder chain, which Swift without the Objective-C
/// runtime has not): the app's own type crosses the core, never a string the far side parses
/// back, so an action is spelled once, by the app, and a typo does not compile.
public protocol AppActionValue: Hashable, Sendable {
    /// The action's name as a config file binds it and ``Command/name`` prints it
    /// (`toggleHiddenFiles`).
    var name: String { get }
}

/// One of the app's actions as the core carries it in ``Command/action(_:)-enum.case``: any
/// ``AppActionValue``, equal to another exactly when the values are of the same type and
/// equal (as `AnyHashable` compares them).
public struct AppAction: Hashable, Sendable, CustomStringConvertible {
    /// The app's value; the app casts it back to its own type.
    public let value: any AppActionValue

    /// Wraps `value`.
    public init(_ value: some AppActionValue) {
        self.value = value
    }

    /// The value's name (``AppActionValue/name``).
    public var name: String { value.name }

    /// The value's name.
    public var description: String { name }

    /// Whether both wrap equal values of the same type.
    public static func == (lhs: AppAction, rhs: AppAction) -> Bool {
        AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }

    /// Hashes the value as `AnyHashable` does, so that equal actions hash alike.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(value))
    }
}

extension Command {
    /// The app's action `value`, wrapped: `.action(MailAction.archive)` for
    /// `.action(AppAction(MailAction.archive))`.
    public static func action(_ value: some AppActionValue) -> Command {
        .action(AppAction(value))
    }
}
