import Glibc
import SplitView
import SplitViewProcesses

/// The loop's services to the windows' hosted programs: ending them (SIGTERM, then SIGKILL
/// after the grace), following SIGCHLD, reaping.
extension Host: ProgramServices {
    /// Ends a hosted program: SIGTERM now, SIGKILL if it is still there after
    /// ``terminationGrace`` seconds; reaped when it goes.
    func terminate(_ pid: pid_t) {
        ProgramProcess.signal(pid, SIGTERM)
        ending.insert(pid)
        after(Self.terminationGrace) { [weak self] in
            guard let self, self.ending.contains(pid), ProgramProcess.reap(pid) == nil else {
                self?.ending.remove(pid)
                return
            }
            ProgramProcess.signal(pid, SIGKILL)
        }
    }

    /// Ends what is left of a hosted program whose first process has ended: SIGTERM to its
    /// process group now, SIGKILL to the group if a member is still there after
    /// ``terminationGrace`` seconds.
    func terminateGroup(_ id: pid_t) {
        ProcessGroup.signal(id, SIGTERM)
        after(Self.terminationGrace) {
            if ProcessGroup.isAlive(id) { ProcessGroup.signal(id, SIGKILL) }
            LiveGroups.remove(id)
        }
    }

    /// What ``programVariables`` gives for `content`, else nothing.
    func variables(for content: ForeignContentViewController) -> [String: String] {
        programVariables?(content) ?? [:]
    }

    /// What the host knows of the program `content` runs in one of its windows: its first
    /// process while it runs, and its own window once it made one; nil when no window hosts it.
    public func program(of content: ForeignContentViewController) -> (pid: pid_t?, xWindow: UInt?)? {
        for panes in foreignPanes.values {
            if let program = panes.programs.first(where: { $0.content === content }) {
                return (program.pid, program.client)
            }
        }
        return nil
    }

    /// Watches SIGCHLD, once a program has started: each one wakes the loop to reap.
    func watchChildren() {
        guard !watchesChildren, let descriptor = ChildSignal.descriptor() else { return }
        watchesChildren = true
        watch(descriptor) { [unowned self] in
            ChildSignal.drain()
            self.reapChildren()
        }
    }

    /// Reaps every hosted program that ended: its pane says how, an ended one is forgotten.
    func reapChildren() {
        for panes in foreignPanes.values { panes.reap() }
        for pid in ending where ProgramProcess.reap(pid) != nil || !LivePrograms.all().contains(pid) {
            ending.remove(pid)
        }
    }
}
