import Testing

@testable import SplitView

/// What each style implies, in one table.
@Suite struct StyleFactsTests {
    typealias S = SplitViewController.Style
    typealias C = SplitViewController.Column

    @Test(arguments: [
        (S.unspecified, 1, false, true, [C.primary, .secondary]),
        (.doubleColumn, 1, false, false, [.primary, .secondary]),
        (.tripleColumn, 2, true, false, [.primary, .supplementary, .secondary]),
    ])
    func styleFacts(style: S, cap: Int, supplementary: Bool, classic: Bool, stack: [C]) {
        #expect(style.levelCap == cap && DisplayModeResolution.levelCap(style) == cap)
        #expect(style.hasSupplementary == supplementary && style.isClassic == classic)
        #expect(style.stackColumns == stack)
    }

    @Test(arguments: [
        (S.doubleColumn, 1, [C.primary]), (.tripleColumn, 1, [.supplementary]),
        (.tripleColumn, 2, [.primary, .supplementary]), (.tripleColumn, 0, []),
    ])
    func besideColumnsByLevel(style: S, level: Int, columns: [C]) {
        #expect(style.besideColumns(level: level) == columns)
    }
}
