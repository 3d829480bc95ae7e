import CX11
import Glibc
import SplitView

/// Who of a window's hosted programs has the input focus, and the grabs that keep the split
/// view's keys and a first click its own.
extension ForeignPanes {

    /// Gives the input focus to the client of the program that has the keyboard, or back to
    /// the top-level; sockets of programs without it grab the buttons, so a click there
    /// focuses their pane first. The focus moves only while it is this window's (or nobody's:
    /// no window manager, pointer-root focus), never away from another application.
    func updateFocus() {
        let owner = programs.first { $0.content.id == keyboardOwner }
        let target = owner.flatMap { $0.socketMapped ? $0.client : nil }
        for program in programs where program.socket != 0 { grabButtons(program, focused: program === owner) }
        guard let focus = ourFocus() else { return }
        if let old = focusedClient, old != target, let program = programs.first(where: { $0.client == old }), program.speaksXEmbed
        {
            XEmbed.send(.focusOut, to: old, atoms: atoms, on: connection)
        }
        focusedClient = target
        if let target, let owner {
            guard focus != target else { return }
            XSetInputFocus(connection.display, target, RevertToParent, UInt(CurrentTime))
            if owner.speaksXEmbed {
                XEmbed.send(.focusIn, detail: XEmbed.FocusDetail.current.rawValue, to: target, atoms: atoms, on: connection)
            }
        } else if focus != window.focusWindow {
            // The top-level, pointer-root focus (no window manager) or a program's window:
            // each would give the split view's keys to the program the pointer is over.
            XSetInputFocus(connection.display, window.focusWindow, RevertToParent, UInt(CurrentTime))
        }
    }

    /// The program's window is going (ended, destroyed, reparented away): if the input focus
    /// is on it, on its socket (where X reverts it when the client dies first) or on nothing,
    /// the top-level takes it back at once. X would revert the focus to the window's parent
    /// only once, and to nothing when that socket goes too, leaving the keys with no one —
    /// Return could then not restart the program. The focus itself is asked, not only what
    /// this window last gave: a client may have taken it on its own.
    func releaseFocus(of program: Program) {
        let hadIt = program.client != nil && program.client == focusedClient
        if hadIt { focusedClient = nil }
        guard let focus = ourFocus(), focus != window.focusWindow else { return }
        let onProgram = focus == UInt(None) || focus == program.socket || focus == program.client
        if hadIt || onProgram { XSetInputFocus(connection.display, window.focusWindow, RevertToParent, UInt(CurrentTime)) }
    }

    /// The top-level gained or lost the focus from outside (a window manager, another
    /// application): XEmbed clients hear `WINDOW_ACTIVATE` or `WINDOW_DEACTIVATE`, and a gained
    /// focus passes on to the program that has the keyboard.
    func topLevel(isActive: Bool) {
        guard !programs.isEmpty else { return }
        for program in programs where program.speaksXEmbed {
            guard let client = program.client else { continue }
            XEmbed.send(isActive ? .windowActivate : .windowDeactivate, to: client, atoms: atoms, on: connection)
        }
        guard isActive else { return }
        focusedClient = nil
        updateFocus()
    }

    /// An XEmbed client asked for the keyboard (`XEMBED_REQUEST_FOCUS`). Granted only while its
    /// pane is the one the split view says has the keyboard: every GTK plug asks once it
    /// starts, so granting it always would let each program that a new selection starts
    /// (zathura on `{file}`) take the keys from the list being arrowed through. A request
    /// refused now is answered when its pane gets the keyboard (a click in it, F6, Ctrl+3): the
    /// plug then gets the input focus and `XEMBED_FOCUS_IN`, which is all it asked for. A
    /// granted request is confirmed with `XEMBED_FOCUS_IN` even when the plug has the focus
    /// already: it asks because it thinks it has not.
    func focusRequested(by program: Program) {
        guard program.content.id == keyboardOwner, let client = program.client, program.socketMapped else { return }
        if ourFocus() == client {
            XEmbed.send(.focusIn, detail: XEmbed.FocusDetail.current.rawValue, to: client, atoms: atoms, on: connection)
        } else {
            focusedClient = nil
            updateFocus()
        }
    }

    /// The input focus landed on the top-level itself, from one of its own windows: a window
    /// manager focusing the frame's client on a click (openbox does on every click, even into
    /// a program that has the keyboard). X then sends the keys to whatever window the pointer
    /// is over, and to the top-level once it leaves the program: neither is where the split
    /// view says the keyboard is. The focus goes back there — to the program whose pane has
    /// it, or to the ``SplitWindow/focusWindow``.
    func focusLandedOnTopLevel() {
        guard !programs.isEmpty else { return }
        focusedClient = nil
        updateFocus()
    }

    /// The input focus when it is this window's, one of its programs', or nobody's (pointer
    /// root, none, or the root window: with no window manager X leaves it on the root when the
    /// window that had it goes, as a previous run of ours that hosted a program does when it
    /// quits); nil when another application has it. The focus is asked again when the
    /// window it named is destroyed while its ancestors are read (a program dying now: X then
    /// moves the focus to its socket or to nothing, both ours to take back); without that,
    /// the dying window read as another application's and the keys were left with no one.
    func ourFocus() -> Window? {
        for _ in 0..<3 {
            var focus: Window = 0
            var revert: Int32 = 0
            XGetInputFocus(connection.display, &focus, &revert)
            if focus == UInt(None) || focus == UInt(PointerRoot) || focus == connection.root { return focus }
            switch ancestry(of: focus) {
            case .ours: return focus
            case .foreign: return nil
            case .gone: continue
            }
        }
        return nil
    }

    /// Where a window sits: under this top-level, under another, or destroyed mid-walk.
    private enum Ancestry { case ours, foreign, gone }

    private func ancestry(of focus: Window) -> Ancestry {
        var current = focus
        for _ in 0..<32 {
            if current == window.window { return .ours }
            var root: Window = 0
            var parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(connection.display, current, &root, &parent, &children, &count) != 0 else { return .gone }
            if let children { XFree(children) }
            if parent == 0 || parent == root { return .foreign }
            current = parent
        }
        return .foreign
    }

    /// A synchronous grab of every button on the socket of a program without the keyboard;
    /// none on the one that has it (its clicks go straight to it).
    func grabButtons(_ program: Program, focused: Bool = false) {
        let socket = program.socket
        guard socket != 0 else { return }
        if focused {
            guard buttonsGrabbed.contains(socket) else { return }
            XUngrabButton(connection.display, UInt32(AnyButton), UInt32(AnyModifier), socket)
            buttonsGrabbed.remove(socket)
        } else {
            guard !buttonsGrabbed.contains(socket) else { return }
            XGrabButton(
                connection.display, UInt32(AnyButton), UInt32(AnyModifier), socket, 0, UInt32(ButtonPressMask),
                GrabModeSync, GrabModeAsync, UInt(None), UInt(None))
            buttonsGrabbed.insert(socket)
        }
    }

    /// Grabs the window commands' chords on the top-level, in every combination of Caps Lock
    /// and Num Lock, so that they reach the split view while a program has the focus.
    func grabChords() {
        chordsGrabbed = true
        let display = connection.display
        let numLock = Self.numLockMask(display)
        let locks: [UInt32] = [0, UInt32(LockMask), numLock, numLock | UInt32(LockMask)]
        for chord in window.controller.keyBindings.chordsOverForeignContent {
            let modifiers = KeySymbols.state(for: chord.modifiers)
            for keysym in KeySymbols.keysyms(for: chord.key) {
                let code = XKeysymToKeycode(display, keysym)
                guard code != 0 else { continue }
                for lock in Set(locks) {
                    XGrabKey(display, Int32(code), modifiers | lock, window.window, 0, GrabModeAsync, GrabModeAsync)
                }
            }
        }
    }

    /// The modifier bit Num Lock is on in the server's keymap (Mod2 on every current one).
    static func numLockMask(_ display: OpaquePointer) -> UInt32 {
        guard let map = XGetModifierMapping(display) else { return UInt32(Mod2Mask) }
        defer { XFreeModifiermap(map) }
        let numLock = XKeysymToKeycode(display, KeySym(XK_Num_Lock))
        let perModifier = Int(map.pointee.max_keypermod)
        for modifier in 0..<8 {
            for index in 0..<perModifier where map.pointee.modifiermap[modifier * perModifier + index] == numLock && numLock != 0
            {
                return UInt32(1) << UInt32(modifier)
            }
        }
        return UInt32(Mod2Mask)
    }
}
