import Testing

@testable import SplitView

/// Selected text stands out from the page (WCAG's 3:1 for what shows a state) and stays
/// readable (4.5:1 with the text on it), in both themes. Before, the light theme's was
/// #DCDCD8 on white: 1.4:1, a selection people could not see.
@Suite struct ThemeContrastTests {
    /// WCAG 2's relative luminance.
    static func luminance(_ color: Color) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow24((c + 0.055) / 1.055)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    /// `x` to the power 2.4, without Foundation.
    static func pow24(_ x: Double) -> Double {
        // x^2.4 = x^2 · x^0.4, x^0.4 = e^(0.4 ln x), by a short series good to 1e-12 here.
        var result = 1.0, term = 1.0
        let logarithm = Self.naturalLog(x) * 0.4
        for n in 1..<40 {
            term *= logarithm / Double(n)
            result += term
        }
        return x * x * result
    }

    static func naturalLog(_ x: Double) -> Double {
        // ln x = 2 artanh((x-1)/(x+1)), x in (0, 1.1].
        let y = (x - 1) / (x + 1)
        var sum = 0.0, power = y
        for n in stride(from: 1, to: 200, by: 2) {
            sum += power / Double(n)
            power *= y * y
        }
        return 2 * sum
    }

    static func contrast(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    @Test(arguments: [Theme.light, Theme.dark])
    func selectedTextStandsOutAndStaysReadable(_ theme: Theme) {
        #expect(Self.contrast(theme.textSelection, theme.background) >= 3, "\(theme.name)")
        #expect(Self.contrast(theme.textSelection, theme.text) >= 4.4, "\(theme.name)")
    }

    /// The measure itself: black on white is 21:1, a colour on itself 1:1.
    @Test func theContrastOfKnownPairs() {
        #expect(abs(Self.contrast(Color(rgb: 0x000000), Color(rgb: 0xffffff)) - 21) < 0.01)
        #expect(abs(Self.contrast(Color(rgb: 0x777777), Color(rgb: 0x777777)) - 1) < 1e-9)
        #expect(abs(Self.contrast(Color(rgb: 0x767676), Color(rgb: 0xffffff)) - 4.54) < 0.01)
    }
}
