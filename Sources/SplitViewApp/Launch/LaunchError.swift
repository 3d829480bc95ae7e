/// A reason the program cannot start, in one line.
struct LaunchError: Error, CustomStringConvertible {
    /// The line, without the `splitview: ` prefix.
    let description: String
    init(_ description: String) { self.description = description }
}
