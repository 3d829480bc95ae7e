import Glibc
import TestSupport

/// A `dbus-daemon` of one test's own, standing for the desktop's accessibility bus: started
/// with a configuration written here (a socket in a folder of the test's, every message
/// allowed as at-spi2-core's `accessibility.conf` allows it, and no service directory, so
/// that nothing — the real registry least of all — is ever started on it), its address read
/// from what it prints once it listens, and killed by pid when the value goes.
///
/// One bus a test, never one a suite: the registry's well-known name has one owner a bus, and
/// the tests that stand in for the registry run side by side. A daemon starts in milliseconds.
final class PrivateBus {
    /// The daemon, where the machine has it (the `dbus` package).
    static let executable: String? = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first { access($0, X_OK) == 0 }

    /// The daemon's process.
    let pid: pid_t
    /// Its D-Bus address: `unix:path=…,guid=…`.
    let address: String
    /// The folder of its configuration, socket and printed address.
    private let folder: TemporaryFolder
    /// True once it is killed and reaped.
    private(set) var isStopped = false

    /// What went wrong starting it.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts a daemon and waits (at most 10 s) for its address.
    init() throws {
        guard let executable = Self.executable else { throw Failure(description: "dbus-daemon is not installed") }
        folder = try TemporaryFolder("a11y-bus")
        folder.write(Self.configuration(socket: folder.path + "/bus"), to: "bus.conf")
        let printed = folder.path + "/address"
        var child: pid_t = 0
        let started = spawn(
            executable, [executable, "--config-file=" + folder.path + "/bus.conf", "--nofork", "--print-address=1"],
            pid: &child
        ) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, printed, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        guard started == 0 else { throw Failure(description: "cannot start dbus-daemon: error \(started)") }
        pid = child
        // The address is printed, with its newline, once the socket listens.
        var line: String?
        let folder = folder
        waitUntil {
            guard let text = folder.read("address"), let end = text.firstIndex(of: "\n") else { return false }
            line = String(text[..<end])
            return true
        }
        guard let line, !line.isEmpty else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw Failure(description: "dbus-daemon printed no address in 10 s")
        }
        address = line
    }

    deinit { stop() }

    /// Kills the daemon by pid and reaps it: every connection to it breaks at once, as when
    /// the desktop's accessibility bus goes away.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The daemon's configuration: at-spi2-core's accessibility bus, less its service directory.
    static func configuration(socket: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>accessibility</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }
}
