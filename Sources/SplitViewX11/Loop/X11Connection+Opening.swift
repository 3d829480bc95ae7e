import Glibc

extension X11Connection {
    /// A connection opened on a thread of its own while the program does something else, such
    /// as reading its command line: `XOpenDisplay`, the RENDER query, the atoms and Xft's first
    /// look at the display (its defaults: `xftDefaults`) are round trips, a few tenths of a
    /// millisecond on the same machine and a few hundred over a slow link, and none of them
    /// waits for the caller.
    ///
    /// ```swift
    /// let ahead = X11Connection.Opening(name: nil)    // $DISPLAY, on another thread
    /// let options = try Options.parse()                // meanwhile
    /// let connection = try ahead.take(name: options.display) ?? X11Connection(name: options.display)
    /// ```
    ///
    /// Xlib is set up for threads before the first connection (`XInitThreads`), and the
    /// connection changes hands once, when ``take(name:)`` has joined the thread: from then on
    /// it is the caller's, as any connection, on one thread.
    public final class Opening: @unchecked Sendable {
        /// The display asked for (nil: `$DISPLAY`).
        public let name: String?
        private let scale: Double?
        /// Written by the thread, read after the join.
        private var opened: X11Connection?
        private var thread: pthread_t?

        /// Starts opening the display called `name` (nil: `$DISPLAY`) on a new thread; when no
        /// thread can be made, ``take(name:)`` finds nothing and the caller opens it itself.
        public init(name: String? = nil, scale: Double? = nil) {
            self.name = name
            self.scale = scale
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let created =
                pthread_create(
                    &thread, nil,
                    { context in
                        let opening = Unmanaged<Opening>.fromOpaque(context!).takeRetainedValue()
                        // A failure is left to the caller's own attempt: its message is then
                        // worded in the reader's language, which may not be installed yet.
                        let opened = try? X11Connection(name: opening.name, scale: opening.scale)
                        // Xft's round trips to the server, here rather than before the first
                        // font opens on the caller's thread.
                        _ = opened?.xftDefaults
                        opening.opened = opened
                        return nil
                    }, context) == 0
            if created {
                self.thread = thread
            } else {
                Unmanaged<Opening>.fromOpaque(context).release()
            }
        }

        /// The connection, once the thread has opened it (waiting for it), when it was opened
        /// to `name`; nil when it could not be opened, when `name` is another display (the
        /// one opened is closed), or when it was taken already.
        public func take(name: String?) -> X11Connection? {
            if let thread {
                pthread_join(thread, nil)
                self.thread = nil
            }
            defer { opened = nil }
            return name == self.name ? opened : nil
        }

        deinit {
            guard let thread else { return }
            // The thread itself lets the last reference go when the caller never took the
            // connection: it cannot join itself, so it ends detached.
            if pthread_equal(thread, pthread_self()) != 0 { pthread_detach(thread) } else { pthread_join(thread, nil) }
        }
    }
}
