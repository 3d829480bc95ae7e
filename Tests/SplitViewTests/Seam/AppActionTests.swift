import Testing

@testable import SplitView

/// The app's actions as the core carries them: the app's own values, equal and hashed as
/// themselves, a value of another type never equal whatever its name.
@Suite struct AppActionTests {
    /// A second app type whose values can share ``TestAction``'s names.
    enum OtherAction: AppActionValue {
        case open(String)

        var name: String {
            switch self {
            case .open(let target): "open(\(target))"
            }
        }
    }

    @Test func equalValuesAreEqualActionsAndHashAlike() {
        let one = AppAction(TestAction("x")), again = AppAction(TestAction("x"))
        #expect(one == again)
        #expect(one.hashValue == again.hashValue)
        #expect(Set([one, again]).count == 1)
        #expect(one != AppAction(TestAction("y")))
    }

    /// Two types' values with the same name are two actions: the name is for people, the value is
    /// the identity.
    @Test func aValueOfAnotherTypeIsAnotherActionWhateverItsName() {
        let test = AppAction(TestAction("open(a)")), other = AppAction(OtherAction.open("a"))
        #expect(test.name == other.name)
        #expect(test != other)
        #expect(Command.action(test) != Command.action(other))
    }

    /// An action's argument travels as a typed value: the app reads it back without parsing.
    @Test func theValueComesBackAsTheAppsType() throws {
        let command = Command.action(OtherAction.open("org.example.Viewer.desktop"))
        guard case .action(let action) = command else {
            Issue.record("not an action: \(command)")
            return
        }
        let value = try #require(action.value as? OtherAction)
        #expect(value == .open("org.example.Viewer.desktop"))
        #expect(command.name == "open(org.example.Viewer.desktop)")
        #expect(action.description == "open(org.example.Viewer.desktop)")
    }

    /// The handler at the end of the responder chain receives the very value a key was bound to.
    @Test func aBoundKeyReachesTheHandlerAsTheAppsValue() {
        let keys = KeyBindings.default.adding([.init(KeyChord(.character("e")), .action(OtherAction.open("a")))])
        let split = SplitViewController(style: .doubleColumn, keyBindings: keys)
        split.setViewController(ViewController(title: "P"), for: .primary)
        split.setViewController(ViewController(title: "S"), for: .secondary)
        split.handle(.resize(Size(width: 1000, height: 700)))
        var received: [OtherAction] = []
        split.actionHandler = { action in
            guard let value = action.value as? OtherAction else { return false }
            received.append(value)
            return true
        }
        split.handle(.key(KeyChord(.character("e"))))
        #expect(received == [.open("a")])
    }
}
