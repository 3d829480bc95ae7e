import CX11
import Glibc
import Synchronization

/// Loads fontconfig's configuration on a background thread while the program starts.
///
/// The first font a process opens makes fontconfig read and parse its configuration — some
/// 60 XML files, about 7 ms here — and nothing before it depends on fonts. `start()` at the
/// top of `main` overlaps that with parsing the command line, reading the library and
/// connecting to the X server; ``FontSet`` waits for it to finish before its first Xft call,
/// so Xft (which is not thread-safe) is only ever used by one thread at a time.
public enum FontWarmup {
    /// Starts loading the configuration, once per process; later calls do nothing.
    public static func start() {
        state.withLock { state in
            guard state == nil else { return }
            var thread = pthread_t()
            // XftInit(NULL) is FcInit plus Xft's own defaults: no Display, no Xlib call.
            let started = pthread_create(&thread, nil, { _ in _ = XftInit(nil); return nil }, nil) == 0
            state = started ? .running(thread) : .done
        }
    }

    /// Returns once the configuration is loaded (at once if it was never started).
    public static func wait() {
        let thread: pthread_t? = state.withLock { state in
            guard case .running(let thread) = state else { return nil }
            state = .done
            return thread
        }
        if let thread { pthread_join(thread, nil) }
    }

    private enum State: @unchecked Sendable {   // pthread_t is an integer on Linux
        case running(pthread_t)
        case done
    }

    private static let state = Mutex<State?>(nil)
}
