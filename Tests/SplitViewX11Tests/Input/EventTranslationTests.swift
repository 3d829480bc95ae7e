import CX11
import SplitView
import SplitViewX11
import Testing

// Events built by hand and translated without a server: the keymap is a fixed table.

private let atoms = X11Atoms(
    wmProtocols: 301, wmDeleteWindow: 302, netWMName: 303, netWMPID: 304,
    utf8String: 305, wmName: 39)
private let pane: Window = 0x40_0007

// keycode → unshifted keysym, as a US keymap has them.
private let keymap: [UInt32: KeySym] = [
    9: KeySym(XK_Escape), 39: KeySym(XK_s), 75: KeySym(XK_F9), 113: KeySym(XK_Left), 50: KeySym(XK_Shift_L),
]

private func translator(scale: Double = 1) -> EventTranslator {
    EventTranslator(scale: PixelScale(scale), atoms: atoms) { keymap[$0] ?? 0 }
}

private func button(_ type: Int32, _ number: UInt32, x: Int32 = 10, y: Int32 = 20, state: UInt32 = 0) -> XEvent {
    var event = XEvent()
    event.xbutton.type = type
    event.xbutton.window = pane
    event.xbutton.button = number
    event.xbutton.x = x
    event.xbutton.y = y
    event.xbutton.state = state
    return event
}

private func key(_ keycode: UInt32, state: Int32 = 0) -> XEvent {
    var event = XEvent()
    event.xkey.type = KeyPress
    event.xkey.window = pane
    event.xkey.keycode = keycode
    event.xkey.state = UInt32(state)
    return event
}

private func clientMessage(type: Atom, first: Atom, format: Int32 = 32) -> XEvent {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = pane
    event.xclient.message_type = type
    event.xclient.format = format
    event.xclient.data.l.0 = Int(bitPattern: first)
    return event
}

@Suite struct EventTranslationTests {
    @Test func buttonOnePressIsPointerDownAtItsPixel() {
        #expect(translator()(button(ButtonPress, 1)) == .input(.pointerDown(Point(x: 10, y: 20)), window: pane))
    }

    @Test func buttonOneReleaseIsPointerUp() {
        #expect(translator()(button(ButtonRelease, 1)) == .input(.pointerUp(Point(x: 10, y: 20)), window: pane))
    }

    @Test func theThumbButtonsGoBackAndForward() {
        #expect(translator()(button(ButtonPress, 8)) == .input(.command(.back), window: pane))
        #expect(translator()(button(ButtonPress, 9)) == .input(.command(.forward), window: pane))
        #expect(translator()(button(ButtonRelease, 9)) == .ignored)
    }

    @Test(arguments: [2, 10] as [UInt32])
    func otherButtonsAreIgnored(number: UInt32) {
        #expect(translator()(button(ButtonPress, number)) == .ignored)
        #expect(translator()(button(ButtonRelease, number)) == .ignored)
    }

    /// The secondary button's press asks for the View menu there; its release is nothing.
    @Test func theSecondaryButtonIsAContextMenu() {
        guard case .input(.contextMenu, _) = translator()(button(ButtonPress, 3)) else {
            Issue.record("button 3 is not a context menu")
            return
        }
        #expect(translator()(button(ButtonRelease, 3)) == .ignored)
    }

    @Test(arguments: [(4, 0.0, -48.0), (5, 0, 48), (6, -48, 0), (7, 48, 0)] as [(UInt32, Double, Double)])
    func wheelButtonsScrollOneStep(number: UInt32, dx: Double, dy: Double) {
        let at = Point(x: 10, y: 20)
        #expect(translator()(button(ButtonPress, number)) == .input(.scroll(dx: dx, dy: dy, at: at), window: pane))
        #expect(translator()(button(ButtonRelease, number)) == .ignored)  // one notch, one step
    }

    /// With Shift, the vertical wheel scrolls sideways: up is left, down is right.
    @Test(arguments: [(4, -48.0), (5, 48)] as [(UInt32, Double)])
    func shiftTurnsTheVerticalWheelSideways(number: UInt32, dx: Double) {
        let at = Point(x: 10, y: 20)
        #expect(
            translator()(button(ButtonPress, number, state: UInt32(ShiftMask)))
                == .input(.scroll(dx: dx, dy: 0, at: at), window: pane))
        #expect(
            translator()(button(ButtonPress, number, state: UInt32(ControlMask)))
                == .input(.scroll(dx: 0, dy: dx, at: at), window: pane), "another modifier leaves it vertical")
    }

    @Test func backButtonPressIsBackCommandAndItsReleaseNothing() {
        #expect(translator()(button(ButtonPress, 8)) == .input(.command(.back), window: pane))
        #expect(translator()(button(ButtonRelease, 8)) == .ignored)
    }

    @Test func motionIsPointerMoved() {
        var event = XEvent()
        event.xmotion.type = MotionNotify
        event.xmotion.window = pane
        event.xmotion.x = 33
        event.xmotion.y = 44
        #expect(translator()(event) == .input(.pointerMoved(Point(x: 33, y: 44)), window: pane))
    }

    @Test func childOriginIsAddedBeforeScaling() {
        let origin = PixelPoint(x: 300, y: 40)
        #expect(
            translator(scale: 2)(button(ButtonPress, 1, x: 10, y: 20), origin: origin)
                == .input(.pointerDown(Point(x: 155, y: 30)), window: pane))
    }

    @Test func scaleTwoHalvesPointerCoordinates() {
        #expect(
            translator(scale: 2)(button(ButtonPress, 1, x: 301, y: 20))
                == .input(.pointerDown(Point(x: 150.5, y: 10)), window: pane))
    }

    @Test func leavingTheWindowIsPointerExited() {
        var event = XEvent()
        event.xcrossing.type = LeaveNotify
        event.xcrossing.window = pane
        event.xcrossing.detail = NotifyNonlinear
        event.xcrossing.mode = NotifyNormal
        #expect(translator()(event) == .input(.pointerExited, window: pane))
        event.xcrossing.mode = NotifyUngrab  // a drag released outside
        #expect(translator()(event) == .input(.pointerExited, window: pane))
    }

    @Test func leavingIntoAChildOrForAGrabIsIgnored() {
        var event = XEvent()
        event.xcrossing.type = LeaveNotify
        event.xcrossing.window = pane
        event.xcrossing.detail = NotifyInferior
        #expect(translator()(event) == .ignored)
        event.xcrossing.detail = NotifyNonlinear
        event.xcrossing.mode = NotifyGrab
        #expect(translator()(event) == .ignored)
    }

    @Test func shiftF9IsF9WithShift() {
        #expect(translator()(key(75, state: ShiftMask)) == .input(.key(KeyChord(.f9, modifiers: .shift)), window: pane))
    }

    @Test func controlAltSIsLowerCaseSWithBoth() {
        #expect(
            translator()(key(39, state: ControlMask | Mod1Mask))
                == .input(.key(KeyChord(.character("s"), modifiers: [.control, .alt])), window: pane))
    }

    @Test func capsLockAndNumLockChangeNeitherKeyNorOtherModifiers() throws {
        let plain = translator()(key(39, state: ControlMask))
        let locked = translator()(key(39, state: ControlMask | LockMask | Mod2Mask))
        guard case .input(.key(let a), _) = plain, case .input(.key(let b), _) = locked else {
            Issue.record("not key events: \(plain), \(locked)")
            return
        }
        #expect(b.key == .character("s"))
        #expect(b.modifiers == [.control, .capsLock, .numLock])
        #expect(b.withoutLocks == a)
    }

    @Test func modifierKeyAloneAndUnmappedKeycodeAreIgnored() {
        #expect(translator()(key(50, state: 0)) == .ignored)  // Shift_L
        #expect(translator()(key(250)) == .ignored)  // NoSymbol
    }

    @Test func deleteWindowMessageIsClose() {
        #expect(translator()(clientMessage(type: atoms.wmProtocols, first: atoms.wmDeleteWindow)) == .close(window: pane))
    }

    @Test func otherClientMessagesAreIgnored() {
        #expect(translator()(clientMessage(type: atoms.wmProtocols, first: 999)) == .ignored)  // WM_TAKE_FOCUS…
        #expect(translator()(clientMessage(type: 999, first: atoms.wmDeleteWindow)) == .ignored)  // not WM_PROTOCOLS
        #expect(translator()(clientMessage(type: atoms.wmProtocols, first: atoms.wmDeleteWindow, format: 8)) == .ignored)
    }

    @Test func configureNotifyGivesPixelsUnscaled() {
        var event = XEvent()
        event.xconfigure.type = ConfigureNotify
        event.xconfigure.window = pane
        event.xconfigure.width = 1000
        event.xconfigure.height = 600
        #expect(translator(scale: 2)(event) == .configure(window: pane, size: PixelSize(width: 1000, height: 600)))
    }

    @Test func exposeGivesItsPixelRect() {
        var event = XEvent()
        event.xexpose.type = Expose
        event.xexpose.window = pane
        (event.xexpose.x, event.xexpose.y, event.xexpose.width, event.xexpose.height) = (5, 6, 70, 80)
        #expect(translator(scale: 2)(event) == .expose(window: pane, rect: PixelRect(x: 5, y: 6, width: 70, height: 80)))
    }

    @Test(arguments: [KeyRelease, FocusIn, PropertyNotify, NoExpose, MapNotify, UnmapNotify])
    func eventsTheHostDoesNotUseAreIgnored(type: Int32) {
        var event = XEvent()
        event.type = type
        #expect(translator()(event) == .ignored)
    }
}
