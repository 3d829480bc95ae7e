import ArgumentParser
import SplitViewBrowser
import Testing

@testable import SplitViewApp

/// The options whose values are a fixed list (`--style`, `--behavior`, `--display-mode`,
/// `--theme`) give ArgumentParser their lists themselves, rather than through its generic
/// defaults, whose first use cost the start 0.8 M instructions of runtime look-ups. What
/// `--help` shows must stay what those defaults gave.
@Suite struct ChoiceArgumentTests {
    /// ArgumentParser's default for a `CaseIterable` `RawRepresentable` type: each case's
    /// raw value, and a description only for a case whose description differs from it.
    private func check<T: ExpressibleByArgument & CaseIterable & RawRepresentable>(_ type: T.Type)
    where T.RawValue == String {
        #expect(T.allValueStrings == T.allCases.map(\.rawValue))
        #expect(T.allValueStrings.count == Set(T.allValueStrings).count)
        let described = T.allCases.filter { $0.defaultValueDescription != $0.rawValue }
        #expect(described.isEmpty, "a value described apart from its name needs allValueDescriptions")
        #expect(T.allValueDescriptions.isEmpty)
    }

    @Test func eachListIsItsCasesNames() {
        check(ColumnStyle.self)
        check(BehaviorArgument.self)
        check(DisplayModeArgument.self)
        check(ThemeArgument.self)
    }

    @Test func helpListsEveryValue() {
        let help = SplitViewApp.helpMessage(columns: 1000)
        #expect(help.contains("(values: double, triple)"))
        #expect(help.contains("(values: automatic, tile, overlay, displace)"))
        #expect(
            help.contains(
                "(values: automatic, secondary-only, one-beside, one-over, two-beside, two-over, two-displace)"))
        #expect(help.contains("(values: light, dark, auto)"))
    }

    /// Every value listed parses, and the UIKit names still do.
    @Test func everyListedValueParses() throws {
        for style in ColumnStyle.allValueStrings {
            #expect(try SplitViewApp.parse(["--style", style]).style?.rawValue == style)
        }
        for mode in DisplayModeArgument.allValueStrings {
            #expect(try SplitViewApp.parse(["--display-mode", mode]).displayMode?.rawValue == mode)
        }
        #expect(try SplitViewApp.parse(["--display-mode", "twoBesideSecondary"]).displayMode == .twoBeside)
        #expect(throws: (any Error).self) { try SplitViewApp.parse(["--theme", "purple"]) }
    }
}
