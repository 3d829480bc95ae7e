import Testing

@testable import SplitView

/// `Command.name` and `Command(name:)`: stable camelCase names for the config file, a round
/// trip for every case, app actions only when the app defines them.
@Suite struct CommandNamesTests {
    @Test(arguments: [
        (Command.displayModeButton, "displayModeButton"),
        (.secondaryOnlyButton, "secondaryOnlyButton"),
        (.toggleInspector, "toggleInspector"),
        (.show(.primary), "showPrimary"),
        (.show(.supplementary), "showSupplementary"),
        (.show(.secondary), "showSecondary"),
        (.show(.compact), "showCompact"),
        (.show(.inspector), "showInspector"),
        (.hide(.primary), "hidePrimary"),
        (.hide(.supplementary), "hideSupplementary"),
        (.hide(.secondary), "hideSecondary"),
        (.hide(.compact), "hideCompact"),
        (.hide(.inspector), "hideInspector"),
        (.back, "back"),
        (.focusNextPane, "focusNextPane"),
        (.focusPreviousPane, "focusPreviousPane"),
        (.focusDivider, "focusDivider"),
        (.moveDivider(by: -1), "moveDividerLeft"),
        (.moveDivider(by: 1), "moveDividerRight"),
        (.moveDivider(by: -75), "moveDividerPageLeft"),
        (.moveDivider(by: 75), "moveDividerPageRight"),
        (.moveDivider(by: 12), "moveDivider(12)"),
        (.moveDivider(by: -12.5), "moveDivider(-12.5)"),
        (.moveDividerToMinimum, "moveDividerToMinimum"),
        (.moveDividerToMaximum, "moveDividerToMaximum"),
        (.acceptDivider, "acceptDivider"),
        (.cancel, "cancel"),
        (.selectPrevious, "selectPrevious"),
        (.selectNext, "selectNext"),
        (.activate, "activate"),
        (.pageUp, "pageUp"),
        (.pageDown, "pageDown"),
        (.scrollToTop, "scrollToTop"),
        (.scrollToEnd, "scrollToEnd"),
        (.expand, "expand"),
        (.collapse, "collapse"),
        (.newWindow, "newWindow"),
        (.closeWindow, "closeWindow"),
        (.quit, "quit"),
    ])
    func nameRoundTrips(_ command: Command, _ name: String) {
        #expect(command.name == name)
        #expect(Command(name: name) == command)
        #expect(Command(name: name, actions: [AppAction(TestAction("toggleHiddenFiles"))]) == command)
    }

    @Test func everyNamedCommandHasItsOwnName() {
        let names = Command.namedCommands.map(\.name)
        #expect(Set(names).count == names.count)
        for command in Command.namedCommands { #expect(Command(name: command.name) == command) }
    }

    /// Every default binding's command has a name that reads back.
    @Test func everyDefaultCommandRoundTrips() {
        for row in KeyBindings.default.global + KeyBindings.default.divider {
            #expect(Command(name: row.command.name) == row.command, "\(row.command)")
        }
    }

    @Test func anActionIsReadOnlyWhenTheAppDefinesIt() {
        let actions = [AppAction(TestAction("toggleHiddenFiles"))]
        #expect(Command.action(TestAction("toggleHiddenFiles")).name == "toggleHiddenFiles")
        #expect(Command(name: "toggleHiddenFiles") == nil)
        #expect(Command(name: "toggleHiddenFiles", actions: actions) == .action(TestAction("toggleHiddenFiles")))
        #expect(Command(name: "frobnicate", actions: actions) == nil)
    }

    /// A built-in name wins over an app action of the same name.
    @Test func aBuiltInNameWinsOverAnAction() {
        #expect(Command(name: "quit", actions: [AppAction(TestAction("quit"))]) == .quit)
    }

    @Test(arguments: [
        "", "Quit", "QUIT", "show", "showprimary", "moveDivider()", "moveDivider(nan)", "moveDivider(inf)",
        "moveDivider(x)", "moveDivider(1", " quit", "quit ",
    ])
    func unknownNamesAreRefused(_ name: String) {
        #expect(Command(name: name) == nil, "\(name.debugDescription)")
    }
}
