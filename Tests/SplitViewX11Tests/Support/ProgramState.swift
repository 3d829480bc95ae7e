import CX11
import Foundation
import Glibc
import TestSupport

@testable import SplitViewX11

/// What the program under test has done, read from `/proc` and from its window: the
/// conditions the window tests wait on instead of sleeping.
enum ProgramState {
    /// True once the program `pid` watches `folder` with inotify: it does so on its main
    /// thread as it takes the folder's listing, just before the window gets its rows. A key
    /// sent after this is handled with the rows there.
    static func watches(_ pid: pid_t, _ folder: String) -> Bool {
        var status = stat()
        guard stat(folder, &status) == 0 else { return false }
        // /proc shows the device as the kernel keeps it: major << 20 | minor.
        let device = UInt64(status.st_dev)
        let major = (device >> 8) & 0xfff | (device >> 32) & ~0xfff
        let minor = device & 0xff | (device >> 12) & ~0xff
        let needle = "ino:\(String(UInt64(status.st_ino), radix: 16)) sdev:\(String(major << 20 | minor, radix: 16)) "
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fdinfo")) ?? []
        return descriptors.contains { descriptor in
            let info = (try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(descriptor)", encoding: .utf8)) ?? ""
            return info.split(separator: "\n").contains { $0.hasPrefix("inotify ") && $0.contains(needle) }
        }
    }

    /// The main thread of `pid`: whether it sleeps (in its loop's `poll`, between turns), and
    /// how many times it was switched out so far; nil when it is gone.
    static func mainThread(_ pid: pid_t) -> (sleeping: Bool, switches: Int)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"),
            let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/status", encoding: .utf8)
        else { return nil }
        let sleeping = stat[stat.index(after: close)...].hasPrefix(" S")
        let switches = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
            .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
            .reduce(0, +)
        return (sleeping, switches)
    }

    /// Every thread of `pid` at once: whether all sleep, and their switches summed; nil when
    /// it is gone. The workers count too: an icon decoded on one redraws the lists after the
    /// main thread has gone to sleep.
    static func allThreads(_ pid: pid_t) -> (sleeping: Bool, switches: Int)? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var sleeping = true, switches = 0
        for task in tasks {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            else { continue }
            sleeping = sleeping && stat[stat.index(after: close)...].hasPrefix(" S")
            switches += status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
                .reduce(0, +)
        }
        return (sleeping, switches)
    }
}

/// The pixels of `window`'s child column `name`, below its bar.
func columnPixels(_ connection: X11Connection, _ window: Window, _ name: String) -> [UInt32] {
    let tree = WindowTree(connection, window)
    guard let column = tree.child(named: name, of: window) else { return [] }
    let frame = tree.frame(column)
    let area = PixelRect(x: 0, y: 40, width: frame.width, height: frame.height - 40)
    return (try? PixelImage(connection, column, area))?.pixels ?? []
}

/// The pixels of column `name` once the program `pid` has drawn all it had to: the same
/// twice in a row, each read while its threads slept and did not run (so drew nothing
/// half-way through it). Nil when that never happens within the wait.
func settledPixels(_ connection: X11Connection, _ window: Window, _ name: String, program pid: pid_t) -> [UInt32]? {
    var last: [UInt32]?
    var settled: [UInt32]?
    waitUntil {
        guard let before = ProgramState.allThreads(pid), before.sleeping else {
            last = nil
            return false
        }
        let pixels = columnPixels(connection, window, name)
        guard let after = ProgramState.allThreads(pid), after.sleeping, after.switches == before.switches, !pixels.isEmpty
        else {
            last = nil
            return false
        }
        if pixels == last { settled = pixels }
        last = pixels
        return settled != nil
    }
    return settled
}
