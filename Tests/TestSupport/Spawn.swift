import Glibc

/// Starts `path` with `argv` (its name first) and the test's environment plus `environment`,
/// with an empty signal mask and the default action for the signals tests send: a child
/// inherits the mask of the thread that spawns it, and Swift Testing's threads block them.
/// The one way the tests start a process (``ChildTest``, the window tests' programs and
/// servers).
///
/// - Parameters:
///   - path: the program to run.
///   - argv: its arguments, the program's name first.
///   - environment: variables set besides (or over) the test's own.
///   - pid: set to the child's process id.
///   - redirect: adds the child's file actions (its stdin, stdout, stderr).
/// - Returns: `posix_spawn`'s result, 0 on success.
public func spawn(
    _ path: String, _ argv: [String], environment: [String: String] = [:], pid: inout pid_t,
    redirect: (inout posix_spawn_file_actions_t) -> Void
) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    redirect(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var variables: [String] = []
    var index = 0
    while let entry = environ[index] {
        let text = String(cString: entry)
        let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        if environment[name] == nil { variables.append(text) }
        index += 1
    }
    variables += environment.map { "\($0.key)=\($0.value)" }
    let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cVariables: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer { (cArguments + cVariables).forEach { free($0) } }
    return posix_spawn(&pid, path, &actions, &attributes, cArguments, cVariables)
}
