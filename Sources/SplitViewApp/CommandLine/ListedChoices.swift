import ArgumentParser

/// An option's value that is one of a fixed list, named by its raw value: `--style`,
/// `--behavior`, `--display-mode`, `--theme`.
///
/// The type gives ArgumentParser its list itself, rather than through ArgumentParser's own
/// defaults for `CaseIterable` types, which ArgumentParser asks for while it builds the
/// command's arguments at every start: their first use instantiated generic types at run
/// time, 1.1 M instructions of a start (see `ChoiceArgumentTests`).
protocol ListedChoices: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

/// Public, as ColumnStyle's conformance asks: a public type's witnesses to a public protocol.
extension ListedChoices {
    /// The values `--help` lists: every case's name.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// None: each value's description is its own name, which ArgumentParser leaves out.
    public static var allValueDescriptions: [String: String] { [:] }
}
