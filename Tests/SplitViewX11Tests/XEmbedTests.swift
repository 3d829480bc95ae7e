import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewX11

/// Reading a hosted program's window: its title and its `_XEMBED_INFO`.
extension X11Tests {
    @Suite struct XEmbedTests {
        static func setText(_ connection: X11Connection, _ window: Window, _ property: Atom, type: Atom, _ bytes: [UInt8]) {
            var bytes = bytes
            _ = XChangeProperty(connection.display, window, property, type, 8, PropModeReplace, &bytes, Int32(bytes.count))
            connection.sync()
        }

        /// `_NET_WM_NAME` (UTF-8) wins; else `WM_NAME`, as UTF-8 when typed so, else Latin-1;
        /// no title at all is nil, not an empty string.
        @Test func theTitleIsTheNetNameElseTheLegacyName() throws {
            try withConnection { connection in
                let window = try makeMappedWindow(connection)
                #expect(ClientTitle.read(window, on: connection) == nil)
                Self.setText(connection, window, connection.atoms.wmName, type: Atom(XA_STRING), [0x63, 0x61, 0x66, 0xE9])
                #expect(ClientTitle.read(window, on: connection) == "café")
                Self.setText(
                    connection, window, connection.atoms.wmName, type: connection.atoms.utf8String, Array("vim — notes".utf8))
                #expect(ClientTitle.read(window, on: connection) == "vim — notes")
                Self.setText(
                    connection, window, connection.atoms.netWMName, type: connection.atoms.utf8String, Array("π ≈ 3.14".utf8))
                #expect(ClientTitle.read(window, on: connection) == "π ≈ 3.14")
            }
        }

        @Test func theInfoIsReadAsVersionAndFlagsAndAbsentWithoutOne() throws {
            try withConnection { connection in
                let window = try makeMappedWindow(connection)
                let atoms = XEmbed.Atoms(connection)
                #expect(XEmbed.info(of: window, atoms: atoms, on: connection) == nil)
                var info = [0, XEmbed.mappedFlag]
                info.withUnsafeMutableBytes { bytes in
                    _ = XChangeProperty(
                        connection.display, window, atoms.info, atoms.info, 32, PropModeReplace,
                        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
                }
                connection.sync()
                let read = XEmbed.info(of: window, atoms: atoms, on: connection)
                #expect(read?.version == 0 && read?.flags == XEmbed.mappedFlag)
            }
        }
    }
}
