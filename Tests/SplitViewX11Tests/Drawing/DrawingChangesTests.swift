import PropertyBased
import SplitView
import Testing

@testable import SplitViewX11

/// `DrawingChanges`: the pixels where a new display list can paint differently from the old
/// one. Checked against a model painter: outside the changes, the two lists paint every pixel
/// alike.
@Suite struct DrawingChangesTests {
    static let bounds = PixelRect(x: 0, y: 0, width: 40, height: 30)
    static let red = Color(rgb: 0xff0000), blue = Color(rgb: 0x0000ff)

    /// Steps are points at scale 1, so a rectangle's pixels are its points.
    static func extent(_ op: DrawOp) -> PixelRect {
        switch op {
        case .fill(let r, _), .strokeRect(let r, _, _), .image(_, let r):
            return PixelRect(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
        case .text(let s, let o, _, _):
            return PixelRect(x: Int(o.x), y: Int(o.y) - 5, width: 3 * s.count, height: 7)
        case .polyline, .polygon:
            return bounds
        }
    }

    static func changes(_ old: [DrawOp], _ new: [DrawOp]) -> [PixelRect] {
        DrawingChanges.changed(
            from: old, to: new, within: bounds, oldExtent: { extent(old[$0]) }, newExtent: { extent(new[$0]) }, same: { _ in })
    }

    @Test func theSameListChangesNothing() {
        let list: [DrawOp] = [
            .fill(Rect(x: 0, y: 0, width: 40, height: 30), Self.red), .text("ab", origin: Point(x: 3, y: 9), .body, Self.blue),
        ]
        #expect(Self.changes(list, list).isEmpty)
    }

    /// The case of every drag step: a background of the same colour a few pixels wider changes
    /// only the strip it grew by, not the pane.
    @Test func aFillOfTheSameColourThatGrewChangesOnlyTheStrip() {
        let old: [DrawOp] = [.fill(Rect(x: 0, y: 0, width: 30, height: 30), Self.red)]
        let new: [DrawOp] = [.fill(Rect(x: 0, y: 0, width: 33, height: 30), Self.red)]
        #expect(Self.changes(old, new) == [PixelRect(x: 30, y: 0, width: 3, height: 30)])
        #expect(Self.changes(new, old) == [PixelRect(x: 30, y: 0, width: 3, height: 30)])
    }

    @Test func aFillThatChangedColourChangesItsWholeRectangle() {
        let old: [DrawOp] = [.fill(Rect(x: 2, y: 2, width: 10, height: 10), Self.red)]
        let new: [DrawOp] = [.fill(Rect(x: 2, y: 2, width: 10, height: 10), Self.blue)]
        #expect(Self.changes(old, new) == [PixelRect(x: 2, y: 2, width: 10, height: 10)])
    }

    /// A centred title that moved changes where it was and where it is, one rectangle when the
    /// two meet.
    @Test func aMovedTextChangesBothPlaces() {
        let old: [DrawOp] = [.text("ab", origin: Point(x: 10, y: 10), .body, Self.blue)]
        let near: [DrawOp] = [.text("ab", origin: Point(x: 12, y: 10), .body, Self.blue)]
        #expect(Self.changes(old, near) == [PixelRect(x: 10, y: 5, width: 8, height: 7)])
        let far: [DrawOp] = [.text("ab", origin: Point(x: 30, y: 10), .body, Self.blue)]
        #expect(
            Set(Self.changes(old, far)) == [
                PixelRect(x: 10, y: 5, width: 6, height: 7), PixelRect(x: 30, y: 5, width: 6, height: 7),
            ])
    }

    /// Decided: a step gained in the middle changes every later step's pixels, never fewer.
    @Test func aStepInsertedChangesEveryLaterStep() {
        let a = DrawOp.fill(Rect(x: 0, y: 0, width: 5, height: 5), Self.red)
        let b = DrawOp.fill(Rect(x: 20, y: 20, width: 5, height: 5), Self.blue)
        let inserted = DrawOp.strokeRect(Rect(x: 10, y: 10, width: 2, height: 2), Self.red, width: 1)
        let changed = Self.changes([a, b], [a, inserted, b])
        #expect(changed.contains { $0.contains(PixelRect(x: 20, y: 20, width: 5, height: 5)) })
        #expect(changed.contains { $0.contains(PixelRect(x: 10, y: 10, width: 2, height: 2)) })
        #expect(!changed.contains { $0.intersects(PixelRect(x: 0, y: 0, width: 5, height: 5)) })
    }

    @Test func changesOutsideTheBoundsAreCut() {
        let old: [DrawOp] = [.fill(Rect(x: 0, y: 0, width: 40, height: 30), Self.red)]
        let new: [DrawOp] = [.fill(Rect(x: 0, y: 0, width: 50, height: 30), Self.red)]
        #expect(Self.changes(old, new).isEmpty, "the pane shrank under the fill: nothing inside it changed")
    }

    @Test func pastTheLimitTheChangesAreTheirBoundingBox() {
        let many = (0..<(DrawingChanges.rectangleLimit + 1)).map { PixelRect(x: 4 * $0, y: $0, width: 2, height: 2) }
        #expect(DrawingChanges.merged(many).count == 1)
        #expect(DrawingChanges.merged(many) == [PixelRect(x: 0, y: 0, width: 4 * DrawingChanges.rectangleLimit + 2, height: 10)])
        let few = Array(many.prefix(DrawingChanges.rectangleLimit))
        #expect(DrawingChanges.merged(few) == few)
        #expect(
            DrawingChanges.merged([PixelRect(x: 0, y: 0, width: 9, height: 9), PixelRect(x: 2, y: 2, width: 2, height: 2)]).count
                == 1)
        // Rectangles that meet are joined, through a third one that meets both.
        let chain = [
            PixelRect(x: 0, y: 0, width: 4, height: 4), PixelRect(x: 10, y: 0, width: 4, height: 4),
            PixelRect(x: 3, y: 1, width: 8, height: 1),
        ]
        #expect(DrawingChanges.merged(chain) == [PixelRect(x: 0, y: 0, width: 14, height: 4)])
    }

    /// Over random rectangles: every pixel of the input is in the output, which has at most
    /// the limit's count of rectangles, none meeting another.
    @Test func mergedRectanglesHoldEveryPixelAndNeverMeet() async {
        let rect = Gen.int(in: 0...30).array(of: 4...4)
        await propertyCheck(count: 1000, input: rect.array(of: 0...14)) { values in
            let rects = values.map { PixelRect(x: $0[0], y: $0[1], width: $0[2] / 3, height: $0[3] / 3) }
            let merged = DrawingChanges.merged(rects)
            #expect(merged.count <= DrawingChanges.rectangleLimit)
            for r in rects where !r.isEmpty { #expect(merged.contains { $0.contains(r) }) }
            for (i, a) in merged.enumerated() { for b in merged[(i + 1)...] { #expect(!a.intersects(b)) } }
        }
    }

    @Test func theDifferenceOfTwoRectanglesCoversExactlyThePixelsOfOneOutsideTheOther() async {
        await propertyCheck(
            count: 2000, input: Gen.int(in: -5...20).array(of: 4...4), Gen.int(in: -5...20).array(of: 4...4)
        ) { a, b in
            let ra = PixelRect(x: a[0], y: a[1], width: a[2], height: a[3])
            let rb = PixelRect(x: b[0], y: b[1], width: b[2], height: b[3])
            let pieces = DrawingChanges.difference(ra, rb)
            for y in -5...45 {
                for x in -5...45 {
                    let p = PixelRect(x: x, y: y, width: 1, height: 1)
                    let inside = pieces.filter { $0.contains(p) }.count
                    let expected = ra.contains(p) && !rb.contains(p) && !ra.isEmpty
                    #expect(inside == (expected ? 1 : 0), "\(ra) minus \(rb) at \(x),\(y)")
                }
            }
        }
    }

    /// A model painter: each step sets the pixels of its extent to a value made from what was
    /// there and the step (for a fill, only its colour: a fill paints every pixel it covers
    /// alike). Over random lists and random edits of them, every pixel outside the changes
    /// comes out the same from both lists.
    @Test func outsideTheChangesBothListsPaintEveryPixelAlike() async {
        let step = Gen.int(in: 0...5).array(of: 6...6)
        await propertyCheck(count: 1500, input: step.array(of: 0...8), step.array(of: 0...4), Gen.int(in: 0...8)) {
            base, edits, at in
            let old = base.map(Self.op)
            var new = old
            for (n, edit) in edits.enumerated() {
                let index = min(new.count, (at + n) % (new.count + 1))
                if edit[5] % 3 == 0 || index == new.count {
                    new.insert(Self.op(edit), at: index)
                } else if edit[5] % 3 == 1 {
                    new.remove(at: index)
                } else {
                    new[index] = Self.op(edit)
                }
            }
            let changed = Self.changes(old, new)
            let a = Self.paint(old), b = Self.paint(new)
            for y in 0..<Self.bounds.height {
                for x in 0..<Self.bounds.width where a[y][x] != b[y][x] {
                    #expect(changed.contains { $0.contains(PixelRect(x: x, y: y, width: 1, height: 1)) }, "\(x),\(y)")
                }
            }
        }
    }

    /// A fill (kinds 0–3, few colours so that fills match) or an outline, on a small grid.
    static func op(_ v: [Int]) -> DrawOp {
        let rect = Rect(x: Double(v[0] * 7), y: Double(v[1] * 5), width: Double(v[2] * 6 + 1), height: Double(v[3] * 4 + 1))
        let color = [Self.red, Self.blue][v[4] % 2]
        return v[5] < 4 ? .fill(rect, color) : .strokeRect(rect, color, width: 1)
    }

    static func paint(_ ops: [DrawOp]) -> [[Int]] {
        var pixels = Array(repeating: Array(repeating: 0, count: bounds.width), count: bounds.height)
        for op in ops {
            let r = extent(op).intersection(bounds)
            guard !r.isEmpty else { continue }
            for y in r.y..<(r.y + r.height) {
                for x in r.x..<(r.x + r.width) {
                    var hasher = Hasher()
                    hasher.combine(pixels[y][x])
                    if case .fill(_, let color) = op { hasher.combine(color) } else { hasher.combine(op) }
                    pixels[y][x] = hasher.finalize()
                }
            }
        }
        return pixels
    }
}
