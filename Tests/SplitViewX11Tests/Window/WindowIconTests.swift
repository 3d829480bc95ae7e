import CX11
import Glibc
import SplitView
import Testing

@testable import SplitViewApp
@testable import SplitViewX11

/// The window icon's file format, without a server.
@Suite struct WindowIconTests {
    /// The committed `Resources/splitview.argb`, found from this file up to the package's
    /// root (the folder that holds `Package.swift`), wherever the test file sits.
    static let committedFile: String = {
        var folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        while !folder.isEmpty, access(folder.joined(separator: "/") + "/Package.swift", F_OK) != 0 { folder = folder.dropLast() }
        return folder.joined(separator: "/") + "/Resources/splitview.argb"
    }()

    /// Little-endian bytes of `words`.
    static func bytes(_ words: [UInt32]) -> [UInt8] {
        words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
    }

    @Test func theCommittedFileHoldsTheFourSizesOfTheIcon() throws {
        let icon = try #require(WindowIcon(contentsOf: Self.committedFile))
        #expect(icon.images.map(\.width) == [16, 32, 48, 64])
        #expect(icon.images.map(\.height) == [16, 32, 48, 64])
        for image in icon.images {
            let side = image.width
            // The SVG's rounded frame: the corner is transparent, the middle the opaque pane.
            #expect(image.pixels[0] >> 24 == 0, "\(side) px corner")
            let middle = image.pixels[side / 2 * side + side / 2]
            #expect(middle >> 24 == 0xff, "\(side) px middle")
        }
        // At 48 px (the SVG's own size) the frame's dark blue #2f3b4c shows at (4, 24) and the
        // right pane's white at (36, 38).
        let image48 = icon.images[2]
        #expect(image48.pixels[24 * 48 + 4] == 0xff2f_3b4c)
        #expect(image48.pixels[38 * 48 + 36] == 0xffff_ffff)
        #expect(icon.words.count == 4 * 2 + 16 * 16 + 32 * 32 + 48 * 48 + 64 * 64)
    }

    @Test func bytesAndWordsRoundTrip() throws {
        let icon = try #require(WindowIcon(contentsOf: Self.committedFile))
        #expect(WindowIcon(bytes: icon.bytes) == icon)
        #expect(WindowIcon(words: icon.words) == icon)
        #expect(icon.bytes == Self.bytes(icon.words))
    }

    @Test func theBundleBesideTheProgramHasTheIcon() throws {
        // The test bundle sits beside the built program, so it finds the same resource bundle.
        let bundle = try #require(resourceBundlePath())
        #expect(bundle.hasSuffix("/SplitView_AppResources.resources"))
        let icon = try #require(bundledWindowIcon())
        #expect(icon == WindowIcon(contentsOf: Self.committedFile))
    }

    @Test func aValidHandMadeIconParses() throws {
        let icon = try #require(WindowIcon(bytes: Self.bytes([2, 1, 0xff00_00ff, 0x8000_ff00, 1, 1, 0])))
        #expect(
            icon.images == [
                WindowIcon.Image(width: 2, height: 1, pixels: [0xff00_00ff, 0x8000_ff00]),
                WindowIcon.Image(width: 1, height: 1, pixels: [0]),
            ])
    }

    @Test func theLargestSidesAreAccepted() {
        let wide = [1024, 1] + [UInt32](repeating: 0xffff_ffff, count: 1024)
        let tall = [1, 1024] + [UInt32](repeating: 0, count: 1024)
        #expect(WindowIcon(words: wide + tall)?.images.count == 2)
    }

    @Test(
        arguments: [
            ("empty", []),
            ("a lone width", [16]),
            ("header without pixels", [16, 16]),
            ("one pixel short", [2, 2, 1, 2, 3]),
            ("a pixel too many", [1, 1, 7, 8]),
            ("good image, then a short one", [1, 1, 7, 2, 2, 1]),
        ] as [(String, [UInt32])])
    func truncatedOrOverlongDataIsRefused(_ name: String, _ words: [UInt32]) {
        #expect(WindowIcon(bytes: Self.bytes(words)) == nil, "\(name)")
        #expect(WindowIcon(words: words) == nil, "\(name)")
    }

    @Test(arguments: [1, 2, 3] as [Int])
    func aPartialWordIsRefused(_ dropped: Int) throws {
        let good = Self.bytes([1, 1, 0xffff_ffff])
        #expect(WindowIcon(bytes: good) != nil)
        #expect(WindowIcon(bytes: good.dropLast(dropped)) == nil)
        #expect(WindowIcon(bytes: good + [UInt8](repeating: 0, count: 4 - dropped)) == nil)
    }

    @Test(arguments: [[0, 1, 5], [1, 0, 5], [0, 0]] as [[UInt32]])
    func aZeroSideIsRefused(_ words: [UInt32]) {
        #expect(WindowIcon(bytes: Self.bytes(words)) == nil)
    }

    @Test(
        arguments: [[1025, 1], [1, 1025], [0xffff_ffff, 0xffff_ffff], [0x8000_0000, 2], [1024, 1024], [65536, 65536]]
            as [[UInt32]])
    func aHugeSizeClaimIsRefusedWithoutAllocatingIt(_ header: [UInt32]) {
        #expect(WindowIcon(bytes: Self.bytes(header + [1, 2, 3])) == nil)
    }

    @Test func tooLargeAFileIsRefused() {
        // /dev/zero never ends: the read stops one byte past the limit.
        #expect(WindowIcon(contentsOf: "/dev/zero") == nil)
        #expect(WindowIcon(bytes: [UInt8](repeating: 1, count: WindowIcon.maximumByteCount + 4)) == nil)
    }

    @Test func missingOrUnreadableFilesAreNil() {
        #expect(WindowIcon(contentsOf: "/nonexistent/splitview.argb") == nil)
        #expect(WindowIcon(contentsOf: "/") == nil)  // a folder: read fails
        #expect(WindowIcon(contentsOf: "") == nil)
    }

    @Test func imagesAreCheckedOnConstruction() {
        #expect(WindowIcon.Image(width: 2, height: 2, pixels: [0, 0, 0]) == nil)
        #expect(WindowIcon.Image(width: 0, height: 0, pixels: []) == nil)
        #expect(WindowIcon(images: []) == nil)
    }

    @Test func onlyTheLeadingImagesThatFitARequestAreKept() throws {
        let icon = try #require(WindowIcon(words: [1, 1, 9, 2, 2, 1, 2, 3, 4, 1, 1, 5]))
        #expect(icon.fitting(inRequestWords: 100) == icon.words)
        #expect(icon.fitting(inRequestWords: 9) == [1, 1, 9, 2, 2, 1, 2, 3, 4])
        #expect(icon.fitting(inRequestWords: 8) == [1, 1, 9])
        #expect(icon.fitting(inRequestWords: 2) == [])
    }
}

extension X11Tests {
    /// `_NET_WM_ICON` on the real window, read back from the server.
    @Suite struct WindowIconServerTests {
        @Test func theWindowCarriesTheIconsFourSizes() throws {
            let icon = try #require(WindowIcon(contentsOf: WindowIconTests.committedFile))
            try withWindow { h in
                _ = XErrorLog.drain()
                h.window.setIcon(icon)
                h.connection.sync()
                let property = try #require(Self.iconProperty(h.connection, h.window.window))
                #expect(property.type == XA_CARDINAL && property.format == 32)
                let readBack = try #require(WindowIcon(words: property.words))
                #expect(readBack.images.map(\.width) == [16, 32, 48, 64])
                #expect(readBack == icon)
                #expect(XErrorLog.drain().isEmpty)
            }
        }

        @Test func settingTheIconAgainReplacesIt() throws {
            let small = try #require(WindowIcon(words: [1, 1, 0xff12_3456]))
            let icon = try #require(WindowIcon(contentsOf: WindowIconTests.committedFile))
            try withWindow { h in
                h.window.setIcon(icon)
                h.window.setIcon(small)
                h.connection.sync()
                let property = try #require(Self.iconProperty(h.connection, h.window.window))
                #expect(property.words == [1, 1, 0xff12_3456])
            }
        }

        /// `_NET_WM_ICON` of `window`: its type, format and items (format 32 comes as C longs).
        static func iconProperty(
            _ connection: X11Connection, _ window: Window
        )
            -> (type: Atom, format: Int32, words: [UInt32])?
        {
            let atom = XInternAtom(connection.display, "_NET_WM_ICON", 1)
            guard atom != 0 else { return nil }
            var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            guard
                XGetWindowProperty(
                    connection.display, window, atom, 0, 1 << 20, 0, Atom(AnyPropertyType),
                    &type, &format, &count, &after, &data) == Success, let data
            else { return nil }
            defer { XFree(data) }
            guard after == 0 else { return nil }
            let longs = UnsafeRawPointer(data).assumingMemoryBound(to: Int.self)
            return (type, format, (0..<Int(count)).map { UInt32(truncatingIfNeeded: longs[$0]) })
        }
    }
}
