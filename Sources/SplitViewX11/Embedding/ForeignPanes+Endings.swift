import CX11
import Glibc
import SplitView
import SplitViewProcesses

/// How a window's hosted programs end: reaped, or followed through their process group and
/// their window when their first process returned before them (`ProcessGroup`).
extension ForeignPanes {
    /// Reaps what ended: the running instance shows how it ended, a retired one's socket goes.
    func reap() {
        for program in programs {
            for (pid, socket) in program.retired where ProgramProcess.reap(pid) != nil || !LivePrograms.all().contains(pid) {
                program.retired[pid] = nil
                XDestroyWindow(connection.display, socket)
            }
            guard let pid = program.pid, program.leaderStatus == nil, let status = ProgramProcess.reap(pid) else { continue }
            if !ProcessGroup.members(pid).isEmpty || hasWindow(program) {
                program.leaderStatus = status
                followGroup(program)
            } else {
                finish(program, status: status)
            }
        }
    }

    /// The program has ended — its first process, its group and its window are all gone: the
    /// pane says how its first process ended.
    func finish(_ program: Program, status: Int32) {
        if let timer = program.noWindowTimer { services.cancelTimer(timer) }
        program.noWindowTimer = nil
        stopFollowingGroup(program)
        releaseFocus(of: program)
        if program.socket != 0 { XDestroyWindow(connection.display, program.socket) }
        program.socket = 0
        program.pid = nil
        program.leaderStatus = nil
        program.client = nil
        program.clientMapped = false
        report(.status(.ended(ProgramProcess.describe(program.content.command.programName, status: status))), of: program)
    }

    /// True when the program has a window in its socket: adopted already, or created there
    /// and not yet seen (its CreateNotify still queued behind the SIGCHLD of its parent).
    func hasWindow(_ program: Program) -> Bool {
        if program.client != nil { return true }
        guard program.socket != 0 else { return false }
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(connection.display, program.socket, &root, &parent, &children, &count) != 0 else { return false }
        if let children { XFree(children) }
        return count > 0
    }

    /// Watches the members of the program's group, its first process gone: each member's end
    /// looks at the group again; an empty group ends the program unless its window is still in
    /// the socket (then the window's going ends it, ``lose(_:)``).
    func followGroup(_ program: Program) {
        stopFollowingGroup(program)
        guard let id = program.pid, program.leaderStatus != nil else { return }
        let members = ProcessGroup.members(id)
        guard !members.isEmpty else {
            LiveGroups.remove(id)
            if !hasWindow(program), let status = program.leaderStatus { finish(program, status: status) }
            return
        }
        LiveGroups.add(id)
        var everyMember = true
        for member in members {
            guard let descriptor = ProcessGroup.endDescriptor(member) else {
                everyMember = false
                continue
            }
            program.groupWatches.append(descriptor)
            services.watch(descriptor) { [weak self, weak program] in
                guard let self, let program else { return }
                self.followGroup(program)
            }
        }
        if !everyMember {
            program.groupTimer = services.after(1) { [weak self, weak program] in
                guard let self, let program else { return }
                program.groupTimer = nil
                self.followGroup(program)
            }
        }
    }

    /// Stops watching the program's group (it ended, or the program is being ended).
    func stopFollowingGroup(_ program: Program) {
        for descriptor in program.groupWatches {
            services.unwatch(descriptor)
            close(descriptor)
        }
        program.groupWatches.removeAll()
        if let timer = program.groupTimer { services.cancelTimer(timer) }
        program.groupTimer = nil
    }

    /// True while the program's first process is gone and its group is followed.
    func followsGroup(_ program: Program) -> Bool {
        !program.groupWatches.isEmpty || program.groupTimer != nil
    }
}
