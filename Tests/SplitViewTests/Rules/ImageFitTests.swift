import PropertyBased
import Testing

@testable import SplitView

/// The fit rule: scaled down to fit whole, never up, aspect kept, centred on whole points; and
/// the words the reader says a picture's size in.
@Suite struct ImageFitTests {
    static let pane = Rect(x: 0, y: 0, width: 800, height: 800)

    @Test func aLargePhotoIsScaledDownToTheWidthAndCentredDownwards() {
        let frame = ImageFit.frame(of: Size(width: 4000, height: 3000), in: Self.pane)
        #expect(frame == Rect(x: 0, y: 100, width: 800, height: 600))
        #expect(ImageFit.scale(of: Size(width: 4000, height: 3000), toFit: Self.pane.size) == 0.2)
    }

    @Test func aTallPictureIsScaledToTheHeight() {
        let frame = ImageFit.frame(of: Size(width: 1200, height: 1600), in: Self.pane)
        #expect(frame == Rect(x: 100, y: 0, width: 600, height: 800))
    }

    /// The decision: never enlarged. A 16-pixel icon is 16 points in the middle of the pane,
    /// on whole points (392, not 392.5), so that its pixels stay sharp.
    @Test func aSmallIconShowsAtItsOwnSizeCentredOnWholePoints() {
        let frame = ImageFit.frame(of: Size(width: 16, height: 16), in: Rect(x: 0, y: 0, width: 801, height: 600))
        #expect(frame == Rect(x: 392, y: 292, width: 16, height: 16))
        #expect(ImageFit.scale(of: Size(width: 16, height: 16), toFit: Self.pane.size) == 1)
    }

    @Test func aPictureExactlyThePanesSizeFillsItAtOneToOne() {
        #expect(ImageFit.frame(of: Self.pane.size, in: Self.pane) == Self.pane)
    }

    @Test func theAreasOriginCarriesTheFrame() {
        let frame = ImageFit.frame(of: Size(width: 100, height: 50), in: Rect(x: 16, y: 54, width: 200, height: 100))
        #expect(frame == Rect(x: 66, y: 79, width: 100, height: 50))
    }

    static let degenerate: [(Size, Rect)] = [
        (Size(width: 100, height: 100), .zero),
        (Size(width: 100, height: 100), Rect(x: 5, y: 5, width: 0, height: 300)),
        (Size(width: 0, height: 100), pane),
        (Size(width: .nan, height: 100), pane),
        (Size(width: 100, height: .infinity), pane),
        (Size(width: -100, height: 100), pane),
        (Size(width: 100, height: 100), Rect(x: .nan, y: -.infinity, width: .nan, height: 10)),
    ]

    /// Zero-size panes and nonsense sizes draw nothing, and the numbers stay numbers.
    @Test(arguments: degenerate)
    func emptyOrNonsenseSizesGiveAnEmptyFiniteFrame(image: Size, area: Rect) {
        #expect(ImageFit.scale(of: image, toFit: area.size) == 0)
        let frame = ImageFit.frame(of: image, in: area)
        #expect(frame.isEmpty)
        #expect([frame.minX, frame.minY, frame.width, frame.height].allSatisfy { $0.isFinite })
        #expect(frame.width >= 0 && frame.height >= 0)
    }

    /// Over many pictures and panes (fractional, tiny, empty, anywhere): the scale is in
    /// [0, 1], the frame lies inside the area, keeps the picture's aspect, touches the area on
    /// one axis when scaled, never exceeds the picture, and sits in the middle to a point.
    @Test func theRuleHoldsOverManySizes() async {
        await propertyCheck(
            count: 3000, input: Gen.int(in: 1...60_000), Gen.int(in: 1...60_000),
            Gen.double(in: 0...3000), Gen.double(in: 0...3000), Gen.int(in: -2000...2000), Gen.int(in: -2000...2000)
        ) { imageWidth, imageHeight, areaWidth, areaHeight, x, y in
            let image = Size(width: Double(imageWidth), height: Double(imageHeight))
            let area = Rect(x: Double(x), y: Double(y), width: areaWidth, height: areaHeight)
            let scale = ImageFit.scale(of: image, toFit: area.size)
            let frame = ImageFit.frame(of: image, in: area)
            let slack = 1e-6 * max(1, areaWidth, areaHeight)
            #expect(scale >= 0 && scale <= 1)
            #expect([frame.minX, frame.minY, frame.width, frame.height].allSatisfy { $0.isFinite })
            guard scale > 0 else { return #expect(frame.isEmpty) }
            #expect(frame.minX >= area.minX && frame.maxX <= area.maxX + slack)
            #expect(frame.minY >= area.minY && frame.maxY <= area.maxY + slack)
            #expect(frame.width <= image.width && frame.height <= image.height, "never enlarged")
            #expect(abs(frame.width * image.height - frame.height * image.width) <= 1e-6 * image.width * image.height)
            if scale < 1 {
                #expect(abs(frame.width - area.width) <= slack || abs(frame.height - area.height) <= slack)
            }
            // Rounded down to a whole point: within a point of the exact middle.
            #expect(abs(frame.midX - area.midX) < 1 + slack && abs(frame.midY - area.midY) < 1 + slack)
            #expect(frame.minX == frame.minX.rounded() && frame.minY == frame.minY.rounded(), "on whole points")
        }
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1\u{A0}000"), (20_000, "20\u{A0}000"),
        (1_234_567, "1\u{A0}234\u{A0}567"), (-4500, "-4\u{A0}500"),
    ])
    func numbersAreGroupedByThreesWithANoBreakSpace(number: Int, text: String) {
        #expect(ImageFit.grouped(number) == text)
    }

    @Test func dimensionsReadAsPeopleWriteThem() {
        #expect(ImageFit.dimensions(width: 20_000, height: 20_000) == "20\u{A0}000 × 20\u{A0}000 pixels")
        #expect(ImageFit.dimensions(width: 640, height: 480) == "640 × 480 pixels")
    }

    /// Rounded down (a picture scaled at all never says 100 %), at least 1 % (never 0 %).
    @Test(arguments: [
        (1.0, "100\u{A0}%"), (0.999, "99\u{A0}%"), (0.421, "42\u{A0}%"), (0.2, "20\u{A0}%"), (0.0001, "1\u{A0}%"),
        (Double.nan, "1\u{A0}%"),
    ])
    func percentagesRoundDownAndNeverSayZero(scale: Double, text: String) {
        #expect(ImageFit.percentage(scale) == text)
    }
}
