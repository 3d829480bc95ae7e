import CDBus
import SplitViewAccessibility
import TestSupport
import Testing

/// Joining the bus, as the host starts it (`AccessibilityBus.join` on a thread of its own,
/// the news through a pipe), on a private `dbus-daemon` given by address: with a registry
/// (a stand-in answering `Socket.Embed` and `GetRegisteredEvents`), the application is
/// embedded and learns its desktop and listeners; without one, or with one that refuses or
/// answers nonsense, or with no bus at that address, the join ends with nothing, at once.
@Suite(.enabled(if: PrivateBus.executable != nil, "dbus-daemon is not installed (the dbus package)"))
struct AccessibilityBusJoiningTests {
    @Test func withARegistryTheRootIsEmbeddedUnderTheDesktop() throws {
        let window = try ServedWindow(listeners: [(":1.99", "object:state-changed:focused")])
        let own = String(cString: dbus_bus_get_unique_name(window.bus.connection))
        // The registry was given the application's root, and answered with its desktop.
        #expect(window.reader.embedded == [[.reference(own, ServedWindow.root)]])
        #expect(window.application == own)
        #expect(window.bus.desktop == (window.reader.name, ServedWindow.root))
        #expect(window.bus.listeners == [":1.99 object:state-changed:focused"])
        #expect(window.bus.hasListeners && window.bus.descriptor >= 0)
    }

    /// The registries that leave nothing to join.
    enum Registry: String, CaseIterable {
        /// No registry on the bus (the daemon says no one has the name).
        case absent
        /// One that answers `Embed` with an error.
        case refusing
        /// One that answers `Embed` with a string where the desktop's reference goes.
        case answeringNonsense
    }

    @Test(arguments: Registry.allCases)
    func withoutARegistryThatEmbedsTheJoinEndsWithNothing(_ registry: Registry) throws {
        let daemon = try PrivateBus()
        let peer = try BusPeer(address: daemon.address)
        switch registry {
        case .absent: break
        case .refusing: peer.embedAnswer = .error
        case .answeringNonsense: peer.embedAnswer = .wrongType
        }
        if registry != .absent { try #require(peer.standInForRegistry()) }
        let outcome = ServedWindow.join(address: daemon.address, registry: peer)
        // It ended (the outer optional), and with nothing to join (the inner one).
        let ended = try #require(outcome)
        #expect(ended == nil)
        #expect(peer.embedded.count == (registry == .absent ? 0 : 1))
    }

    /// An address where no bus listens: the connection fails, the join ends with nothing.
    @Test func aBusThatIsNotThereEndsTheJoinWithNothing() throws {
        let folder = try TemporaryFolder("a11y-none")
        let outcome = ServedWindow.join(address: "unix:path=" + folder.path + "/none", registry: nil)
        let ended = try #require(outcome)
        #expect(ended == nil)
    }

    /// A registry that cannot list its listeners still has the application embedded: it
    /// joins with none, and learns of them from the registry's news.
    @Test func aRegistryThatCannotListItsListenersStillJoins() throws {
        let daemon = try PrivateBus()
        let peer = try BusPeer(address: daemon.address)
        peer.registeredEvents = nil
        try #require(peer.standInForRegistry())
        let outcome = try #require(ServedWindow.join(address: daemon.address, registry: peer))
        let joined = try #require(outcome)
        let bus = AccessibilityBus(joined: joined, trees: { [] }, place: { _ in ((0, 0), 1) }, perform: { _, _, _ in false })
        defer { bus.close() }
        #expect(!bus.hasListeners)
        #expect(peer.embedded.count == 1)
    }
}
