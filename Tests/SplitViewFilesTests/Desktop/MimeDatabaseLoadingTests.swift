import Glibc
import Synchronization
import TestSupport
import Testing

@testable import SplitViewFiles

/// The loop's thread never waits for the database: `isLoaded` answers at once, false while
/// another thread reads the tables, true once they are read.
@Suite struct MimeDatabaseLoadingTests {
    @Test func isLoadedAnswersWithoutWaitingWhileAnotherThreadReads() throws {
        let folder = try MimeFolder()
        defer { withExtendedLifetime(folder) {} }
        folder.write("globs2", "50:image/png:*.png\n")
        let database = MimeDatabase(directories: [folder.path])
        #expect(!database.isLoaded)
        // Another thread holds the tables' lock, as the worker does while it reads them.
        let shared = Holder(database)
        let box = Unmanaged.passRetained(shared).toOpaque()
        var thread = pthread_t()
        #expect(
            pthread_create(
                &thread, nil,
                { context in
                    let holder = Unmanaged<Holder>.fromOpaque(context!).takeRetainedValue()
                    holder.database.withTables { _ in
                        holder.holding.store(true, ordering: .sequentiallyConsistent)
                        // Bounded: a test that failed before its release still ends.
                        waitUntil(timeout: 60) { holder.release.load(ordering: .sequentiallyConsistent) }
                    }
                    return nil
                }, box) == 0)
        #expect(waitUntil { shared.holding.load(ordering: .sequentiallyConsistent) }, "the other thread took the lock")
        #expect(!database.isLoaded)  // answered while the lock is held: no wait
        shared.release.store(true, ordering: .sequentiallyConsistent)
        pthread_join(thread, nil)
        #expect(database.isLoaded)
        #expect(database.type(forName: "a.png", bytes: nil) == "image/png")
    }

    /// What the two threads share: the database, and the holder's two flags.
    final class Holder: Sendable {
        let database: MimeDatabase
        let holding = Atomic<Bool>(false)
        let release = Atomic<Bool>(false)
        init(_ database: MimeDatabase) { self.database = database }
    }
}
