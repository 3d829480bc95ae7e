import CFileOps
import Glibc
import Synchronization

/// A hosted program's process group, followed after the program's first process (its
/// *leader*, whose pid is the group's id) has ended: `sh -c 'prog &'` and every program that
/// forks and lets its parent return leave the rest of the program running in the group.
///
/// The leader is our child, so its end comes as SIGCHLD; the other members are not (they are
/// orphans of the leader, adopted by init), so their ends are watched with a *pidfd* each, a
/// descriptor that becomes readable when its process ends (`pidfd_open`, Linux 5.3). The
/// group's id stays reserved while any member lives, so signalling `-id` can never reach an
/// unrelated process; the leader's own pid is never signalled once it was reaped.
package enum ProcessGroup {
    /// The live members of group `id` (zombies excluded: they have ended), read from
    /// `/proc/*/stat`; empty when the group is gone.
    package static func members(_ id: pid_t) -> [pid_t] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let stat = ProcessStat(pid), stat.group == id, stat.state != "Z" else { continue }
            found.append(pid)
        }
        return found
    }

    /// A descriptor that is readable once `pid` has ended (close-on-exec), or nil when the
    /// process is already gone or the kernel has no pidfds.
    package static func endDescriptor(_ pid: pid_t) -> Int32? {
        let descriptor = sv_pidfd_open(pid)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Sends `signal` to every member of group `id` (and never to a single pid).
    package static func signal(_ id: pid_t, _ signal: Int32) {
        guard id > 1 else { return }
        _ = kill(-id, signal)
    }

    /// True while group `id` has a live member.
    package static func isAlive(_ id: pid_t) -> Bool {
        !members(id).isEmpty
    }
}

/// The fields of `/proc/PID/stat` the group needs: the state letter and the process group.
package struct ProcessStat {
    /// `R`, `S`, `Z`, …
    package var state: Character
    /// The process group's id.
    package var group: pid_t

    /// Reads the process's stat line; nil when the process is gone. The command name (field 2)
    /// can hold spaces and parentheses, so fields are counted after its last `)`.
    package init?(_ pid: pid_t) {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        // After the name: state, ppid, pgrp, ….
        guard fields.count > 2, let letter = fields[0].first, let group = pid_t(String(decoding: fields[2], as: UTF8.self))
        else { return nil }
        state = Character(Unicode.Scalar(letter))
        self.group = group
    }
}

/// The process groups whose leaders were reaped while other members lived on, for
/// ``ProgramProcess/endAll(grace:)``: read from the X connection's loss handler too, hence a
/// lock.
package enum LiveGroups {
    private static let ids = Mutex<Set<pid_t>>([])

    package static func add(_ id: pid_t) { _ = ids.withLock { $0.insert(id) } }
    package static func remove(_ id: pid_t) { _ = ids.withLock { $0.remove(id) } }
    package static func all() -> [pid_t] { ids.withLock { Array($0) } }
}
