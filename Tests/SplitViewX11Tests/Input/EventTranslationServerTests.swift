import CX11
import SplitView
import SplitViewX11
import Testing

// Event translation against a real server: the keymap lookup and the motion queue.

private func send(_ event: XEvent, to window: Window, _ connection: X11Connection) {
    var event = event
    _ = XSendEvent(connection.display, window, 0, NoEventMask, &event)
}

private func motion(_ x: Int32, on window: Window) -> XEvent {
    var event = XEvent()
    event.xmotion.type = MotionNotify
    event.xmotion.window = window
    event.xmotion.x = x
    event.xmotion.y = 5
    return event
}

extension X11Tests {
    @Suite struct EventTranslationServerTests {
        @Test func keyPressUsesTheUnshiftedKeysymWhateverTheLocks() throws {
            try withConnection { connection in
                let translate = EventTranslator(connection: connection)
                var event = XEvent()
                event.xkey.type = KeyPress
                event.xkey.window = 1
                event.xkey.keycode = UInt32(XKeysymToKeycode(connection.display, KeySym(XK_s)))
                event.xkey.state = UInt32(ShiftMask | LockMask | Mod2Mask)
                #expect(
                    translate(event)
                        == .input(.key(KeyChord(.character("s"), modifiers: [.shift, .capsLock, .numLock])), window: 1))
                event.xkey.keycode = UInt32(XKeysymToKeycode(connection.display, KeySym(XK_F9)))
                event.xkey.state = UInt32(ShiftMask)
                #expect(translate(event) == .input(.key(KeyChord(.f9, modifiers: .shift)), window: 1))
            }
        }

        /// What a key types comes from the keyboard's levels (XKB), without the locale's
        /// multibyte machinery: Shift+` types `~`, Shift+a `A`, Caps Lock alone `A` too, while the
        /// chord keeps the unshifted key.
        @Test func aKeyTypesWhatItsLevelGivesTheChordKeepsTheUnshiftedKey() throws {
            try withConnection { connection in
                let translate = EventTranslator(connection: connection)
                func press(_ keysym: Int32, _ state: Int32) -> HostEvent {
                    var event = XEvent()
                    event.xkey.type = KeyPress
                    event.xkey.window = 1
                    event.xkey.display = connection.display
                    event.xkey.keycode = UInt32(XKeysymToKeycode(connection.display, KeySym(keysym)))
                    event.xkey.state = UInt32(state)
                    return translate(event)
                }
                #expect(
                    press(XK_grave, ShiftMask)
                        == .input(.typed(KeyChord(.character("`"), modifiers: .shift), text: "~"), window: 1))
                #expect(
                    press(XK_a, ShiftMask) == .input(.typed(KeyChord(.character("a"), modifiers: .shift), text: "A"), window: 1))
                #expect(
                    press(XK_a, LockMask) == .input(.typed(KeyChord(.character("a"), modifiers: .capsLock), text: "A"), window: 1)
                )
                #expect(press(XK_a, 0) == .input(.typed(KeyChord(.character("a")), text: "a"), window: 1))
                #expect(press(XK_F9, 0) == .input(.key(KeyChord(.f9)), window: 1), "a key that types nothing")
            }
        }

        @Test func motionCoalescesARunButNotPastARelease() throws {
            try withConnection { connection in
                let window = try makeMappedWindow(connection)
                while connection.pendingEventCount > 0 { _ = connection.nextEvent() }  // Expose and such
                var release = XEvent()
                release.xbutton.type = ButtonRelease
                release.xbutton.window = window
                release.xbutton.button = 1
                for x: Int32 in [1, 2, 3] { send(motion(x, on: window), to: window, connection) }
                send(release, to: window, connection)
                send(motion(9, on: window), to: window, connection)
                connection.sync()

                var event = connection.nextEvent()
                EventTranslator.coalesceMotion(&event, on: connection)
                #expect(event.type == MotionNotify && event.xmotion.x == 3)
                event = connection.nextEvent()
                EventTranslator.coalesceMotion(&event, on: connection)  // not a motion: untouched
                #expect(event.type == ButtonRelease)
                event = connection.nextEvent()
                EventTranslator.coalesceMotion(&event, on: connection)
                #expect(event.type == MotionNotify && event.xmotion.x == 9)
                #expect(connection.pendingEventCount == 0)
            }
        }
    }
}
