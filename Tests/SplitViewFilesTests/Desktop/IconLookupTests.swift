import SplitViewFiles
import TestSupport
import Testing

struct IconLookupTests {
    /// A base directory with themes: `Mine` inherits `Parent` (which inherits `Mine` back, a
    /// loop), both over `hicolor`.
    private static func themes() throws -> TemporaryFolder {
        let base = try TemporaryFolder("icons")
        base.write(
            """
            [Icon Theme]
            Name=Mine
            Inherits=Parent,Missing
            Directories=16x16/mimetypes,32x32/mimetypes,scalable/mimetypes,../escape,/etc

            [16x16/mimetypes]
            Size=16
            Type=Fixed

            [32x32/mimetypes]
            Size=32
            Type=Fixed

            [scalable/mimetypes]
            Size=64
            MinSize=8
            MaxSize=512
            Type=Scalable
            """, to: "Mine/index.theme")
        base.write(
            """
            [Icon Theme]
            Inherits=Mine
            Directories=48x48/places

            [48x48/places]
            Size=48
            Type=Threshold
            """, to: "Parent/index.theme")
        base.write("[Icon Theme]\nDirectories=16x16/apps\n[16x16/apps]\nSize=16\n", to: "hicolor/index.theme")
        base.write("not a theme", to: "Broken/index.theme")
        for file in [
            "Mine/32x32/mimetypes/image-png.png", "Mine/16x16/mimetypes/text-x-generic.png",
            "Mine/scalable/mimetypes/image-svg.svg", "Parent/48x48/places/folder.png", "hicolor/16x16/apps/editor.png",
            "bare.png",
        ] {
            base.write("png", to: file)
        }
        return base
    }

    @Test func anExactSizeElseTheClosest() throws {
        let base = try Self.themes()
        let lookup = IconLookup(theme: "Mine", baseDirectories: [base.path])
        #expect(lookup.path(for: ["text-x-generic"], size: 16) == base.path + "/Mine/16x16/mimetypes/text-x-generic.png")
        #expect(lookup.path(for: ["image-png"], size: 16) == base.path + "/Mine/32x32/mimetypes/image-png.png")
    }

    @Test func svgOnlyIconsPassToTheNextName() throws {
        let base = try Self.themes()
        let lookup = IconLookup(theme: "Mine", baseDirectories: [base.path])
        #expect(lookup.path(for: ["image-svg", "text-x-generic"], size: 16)?.hasSuffix("text-x-generic.png") == true)
    }

    @Test func parentsThenHicolorThenTheBaseDirectory() throws {
        let base = try Self.themes()
        let lookup = IconLookup(theme: "Mine", baseDirectories: [base.path])
        #expect(lookup.themeChain == ["Mine", "Parent", "hicolor"])
        #expect(lookup.path(for: ["folder"], size: 16) == base.path + "/Parent/48x48/places/folder.png")
        #expect(lookup.path(for: ["editor"], size: 16) == base.path + "/hicolor/16x16/apps/editor.png")
        #expect(lookup.path(for: ["bare"], size: 16) == base.path + "/bare.png")
        #expect(lookup.path(for: ["nothing"], size: 16) == nil)
    }

    @Test func aBrokenOrMissingThemeFallsBackToHicolor() throws {
        let base = try Self.themes()
        #expect(IconLookup(theme: "Broken", baseDirectories: [base.path]).themeChain == ["hicolor"])
        #expect(IconLookup(theme: "Absent", baseDirectories: [base.path]).themeChain == ["hicolor"])
        #expect(IconLookup(theme: "../Mine", baseDirectories: [base.path]).themeChain == ["hicolor"])
    }

    @Test func directoriesLeavingTheThemeAreIgnored() {
        let index = IconThemeIndex(Array("[Icon Theme]\nDirectories=../up,/abs,a//b,ok\n[ok]\nSize=8\n[../up]\nSize=8\n".utf8))
        #expect(index?.directories.map(\.name) == ["ok"])
    }

    @Test func sizesMatchByKind() {
        let fixed = IconThemeIndex(
            Array(
                "[Icon Theme]\nDirectories=a,b,c\n[a]\nSize=16\nType=Fixed\n[b]\nSize=32\nMinSize=8\nMaxSize=48\nType=Scalable\n[c]\nSize=22\nThreshold=3\n"
                    .utf8))!.directories
        #expect(
            fixed[0].matches(size: 16, scale: 1) && !fixed[0].matches(size: 17, scale: 1) && !fixed[0].matches(size: 16, scale: 2)
        )
        #expect(
            fixed[1].matches(size: 8, scale: 1) && fixed[1].matches(size: 48, scale: 1) && !fixed[1].matches(size: 49, scale: 1))
        #expect(
            fixed[2].matches(size: 19, scale: 1) && fixed[2].matches(size: 25, scale: 1) && !fixed[2].matches(size: 26, scale: 1))
        #expect(fixed[0].distance(size: 24, scale: 1) == 8)
        #expect(fixed[1].distance(size: 64, scale: 1) == 16)
    }

    @Test func theThemeNameFromGTKSettings() throws {
        let config = try TemporaryFolder("gtk")
        config.write("[Settings]\ngtk-theme-name=Adwaita\ngtk-icon-theme-name = Papirus\n", to: "gtk-3.0/settings.ini")
        let xdg = XDGDirectories(environment: [
            "HOME": "/nonexistent", "XDG_CONFIG_HOME": config.path, "XDG_CONFIG_DIRS": "/nonexistent",
        ])
        #expect(IconLookup.themeName(xdg) == "Papirus")
        config.write("[Settings]\ngtk-icon-theme-name=../../etc\n", to: "gtk-3.0/settings.ini")
        #expect(IconLookup.themeName(xdg) == "Adwaita", "GTK's default")
    }

    /// A `settings.ini` over 64 KiB (read on the loop's thread at start) is skipped and said.
    @Test func aSettingsFileOver64KiBIsSkippedAndSaid() throws {
        let config = try TemporaryFolder("gtk")
        let head = "[Settings]\ngtk-icon-theme-name=Papirus\n#"
        config.write(head + String(repeating: "x", count: (64 << 10) + 1 - head.utf8.count), to: "gtk-3.0/settings.ini")
        let xdg = XDGDirectories(environment: [
            "HOME": "/nonexistent", "XDG_CONFIG_HOME": config.path, "XDG_CONFIG_DIRS": "/nonexistent",
        ])
        var problems: [String] = []
        #expect(IconLookup.themeName(xdg, problems: &problems) == "Adwaita")
        #expect(problems == ["\(config.path)/gtk-3.0/settings.ini: too large (65537 bytes; the limit is 65536 bytes), not read"])
    }

    /// An index of 4 096 directories among 100 000 other groups: each directory's group is
    /// found by its name (looking through every group for each took 400 million comparisons).
    @Test func anIndexOfManyGroupsFindsEachDirectorysGroup() throws {
        let names = (0..<4_096).map { "d\($0)" }
        var text = "[Icon Theme]\nDirectories=" + names.joined(separator: ",") + "\n"
        for number in 0..<100_000 { text += "[g\(number)]\nk=v\n" }
        for (number, name) in names.enumerated() { text += "[\(name)]\nSize=\(number % 64 + 1)\n" }
        let index = try #require(IconThemeIndex(Array(text.utf8)))
        #expect(index.directories.count == 4_096)
        #expect(index.directories.last?.size == 4_095 % 64 + 1)
    }

    /// An `index.theme` over 1 MiB is not read (the theme counts as missing) and is said once.
    @Test func anIndexOverOneMebibyteIsSkippedAndSaid() throws {
        let base = try Self.themes()
        base.write("[Icon Theme]\nDirectories=a\n#" + String(repeating: "x", count: 1 << 20), to: "Huge/index.theme")
        let lookup = IconLookup(theme: "Huge", baseDirectories: [base.path])
        #expect(lookup.themeChain == ["hicolor"])
        #expect(
            lookup.takeProblems() == [
                "\(base.path)/Huge/index.theme: too large (1048604 bytes; the limit is 1048576 bytes), not read"
            ])
        #expect(lookup.takeProblems().isEmpty)
    }

    /// Decided: the themes are read as the search reaches them. A name the user's theme has
    /// never reads its parents' or hicolor's index (here an oversized hicolor index would be
    /// said if it were read); a name it lacks reads them in order, and says so then.
    @Test func aNameTheUsersThemeHasReadsNoOtherTheme() throws {
        let base = try Self.themes()
        base.write("[Icon Theme]\nDirectories=a\n#" + String(repeating: "x", count: 1 << 20), to: "hicolor/index.theme")
        let lookup = IconLookup(theme: "Mine", baseDirectories: [base.path])
        #expect(lookup.path(for: ["text-x-generic"], size: 16) == base.path + "/Mine/16x16/mimetypes/text-x-generic.png")
        #expect(lookup.takeProblems().isEmpty, "hicolor's index was not read")
        #expect(lookup.path(for: ["folder"], size: 16) == base.path + "/Parent/48x48/places/folder.png")
        #expect(lookup.takeProblems().isEmpty, "Parent had it: hicolor still not read")
        #expect(lookup.path(for: ["nothing"], size: 16) == nil)
        #expect(lookup.takeProblems().count == 1, "searched to the end: hicolor's index read, and said")
    }
}
