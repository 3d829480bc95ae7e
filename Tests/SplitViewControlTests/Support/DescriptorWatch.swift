import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

/// Runs `body` while another thread keeps opening `/dev/null` and checks that each of its
/// descriptors stays open until it closes it itself; the number it found closed under it.
///
/// A descriptor closed twice by `body` closes whichever file was given its number in
/// between: with this thread opening the lowest free number again and again, that is one of
/// its files, often enough for a few thousand rounds of `body` to show it.
func descriptorsClosedUnderAnotherThread(rounds: Int, _ body: () -> Void) -> Int {
    let flags = WatchFlags()
    let thread = Thread {
        while !flags.stop.load(ordering: .acquiring) {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            var closed = false
            for _ in 0..<64 where fcntl(descriptor, F_GETFD) < 0 {
                closed = true
                break
            }
            if closed { flags.stolen.add(1, ordering: .relaxed) } else { close(descriptor) }
        }
        flags.finished.store(true, ordering: .releasing)
    }
    thread.start()
    for _ in 0..<rounds { body() }
    flags.stop.store(true, ordering: .releasing)
    #expect(waitUntil { flags.finished.load(ordering: .acquiring) }, "the watching thread ended")
    return flags.stolen.load(ordering: .relaxed)
}

/// What the watching thread and the test's share.
private final class WatchFlags: Sendable {
    let stop = Atomic(false)
    let stolen = Atomic(0)
    let finished = Atomic(false)
}
