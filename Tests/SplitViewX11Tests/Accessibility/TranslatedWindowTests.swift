import Foundation
import Glibc
import TestSupport
import Testing

@testable import SplitViewX11

/// The real window in German, read by a screen reader's own stack: the bar's buttons, a
/// column's title and a file's row (its size and date) in the reader's language.
extension X11Tests.AccessibilityBusTests {
    /// Python that prints, once the files' list is there, each push button's and each list
    /// item's name and description.
    static let translatedNames =
        findSplitview + #"""
            def rows():
                return pyatspi.findAllDescendants(frame, lambda n: n.getRoleName() == 'list item')
            while not rows() and time.time() < deadline: time.sleep(0.05)
            for node in pyatspi.findAllDescendants(frame, lambda n: n.getRoleName() in ('push button', 'panel')):
                print('%s: %s' % (node.getRoleName().upper(), node.name))
            for row in rows():
                print('ROW: %s | %s' % (row.name, row.description))
            sys.stdout.flush()
            """#

    @Test(.enabled(if: installedLocales(["de_DE.UTF-8"]), "de_DE.UTF-8 is not installed (locales-all)"))
    func aGermanReaderHearsGermanButtonsTitlesSizesAndDates() throws {
        let folder = try makeTemporaryFolder("a11y-german")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Briefe", withIntermediateDirectories: true)
        try "Sehr geehrte\n".write(toFile: folder + "/Briefe/brief.txt", atomically: false, encoding: .utf8)
        let script = folder + ".german.py"
        defer { unlink(script) }
        try Self.translatedNames.write(toFile: script, atomically: false, encoding: .utf8)
        var now = time(nil), parts = tm()
        gmtime_r(&now, &parts)
        let today = String(format: "%02d.%02d.%04d", parts.tm_mday, parts.tm_mon + 1, parts.tm_year + 1900)
        try XvfbServer.with { display in
            let run = try Self.session(
                on: display, program: [folder + "/Briefe/brief.txt"], script: script,
                environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "", "LANGUAGE": "", "TZ": "UTC", "HOME": folder])
            #expect(run.finish(timeoutSeconds: 90) == 0, "\(run.errors)")
            let output = run.output
            #expect(output.contains("PUSH BUTTON: Seitenleiste ausblenden"), "\(output)")
            #expect(!output.contains("Hide Sidebar"))
            #expect(output.contains("ROW: brief.txt | 13 Bytes · \(today)"), "\(output)")
            #expect(output.contains("PANEL: Briefe"), "a folder's name is its own: \(output)")
        }
    }
}
