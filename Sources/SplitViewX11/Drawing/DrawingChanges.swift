import SplitView

/// Where two drawings of one pane can differ: the pixels a new display list would paint
/// differently from the list already in the pixmap, so that only those are drawn again and
/// copied to the window (``Canvas/draw(_:)``).
///
/// The lists are compared step by step, by their place in the list. Two steps at the same
/// place that are equal paint every pixel alike, given the same pixels under them; so a pixel
/// outside every step that differs has the same steps over it, in the same order, and comes
/// out the same. Where the steps differ, both the old step's pixels and the new one's change.
/// One case is finer, because every frame of a drag has it: a fill of the same colour whose
/// rectangle changed (a pane's background, a bar, a selected row widened by a few pixels)
/// changes only where one rectangle covers and the other does not.
///
/// Decided: a list that gained or lost a step in its middle is compared from there on as if
/// every later step changed, which redraws more than needed but never too little; matching
/// the steps up (a diff of the two lists) would cost each frame more than it saves on the rare
/// frame that inserts a step.
enum DrawingChanges {
    /// How many rectangles a change is kept as: beyond it, their bounding box is drawn and
    /// copied instead (each rectangle costs a clip entry, a copy request, and a test for every
    /// step of the list).
    static let rectangleLimit = 8

    /// The pixels, within `bounds`, where `new` may paint differently from `old`; empty when
    /// the two paint alike. `oldExtent` and `newExtent` give the pixels the step at a place in
    /// each list can touch (they may say more, never less), asked by place so that a caller
    /// can keep them from frame to frame; `same` is told the place of every step equal in both.
    static func changed(
        from old: [DrawOp], to new: [DrawOp], within bounds: PixelRect,
        oldExtent: (Int) -> PixelRect, newExtent: (Int) -> PixelRect, same: (Int) -> Void
    ) -> [PixelRect] {
        var rects: [PixelRect] = []
        func add(_ rect: PixelRect) {
            let inside = rect.intersection(bounds)
            if !inside.isEmpty { rects.append(inside) }
        }
        let common = min(old.count, new.count)
        // Compared in place, through the buffers: a step is never copied.
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                for index in 0..<common {
                    if old[index] == new[index] {
                        same(index)
                        continue
                    }
                    if case .fill(_, let a) = old[index], case .fill(_, let b) = new[index], a == b {
                        let was = oldExtent(index), now = newExtent(index)
                        for piece in difference(was, now) { add(piece) }
                        for piece in difference(now, was) { add(piece) }
                    } else {
                        add(oldExtent(index))
                        add(newExtent(index))
                    }
                }
            }
        }
        for index in common..<old.count { add(oldExtent(index)) }
        for index in common..<new.count { add(newExtent(index)) }
        return merged(rects)
    }

    /// The pixels of `a` outside `b`, as at most four rectangles: the bands above and below
    /// their overlap, and the pieces left and right of it.
    static func difference(_ a: PixelRect, _ b: PixelRect) -> [PixelRect] {
        let shared = a.intersection(b)
        guard !a.isEmpty else { return [] }
        guard !shared.isEmpty else { return [a] }
        let pieces = [
            PixelRect(x: a.x, y: a.y, width: a.width, height: shared.y - a.y),
            PixelRect(x: a.x, y: shared.y + shared.height, width: a.width, height: a.y + a.height - shared.y - shared.height),
            PixelRect(x: a.x, y: shared.y, width: shared.x - a.x, height: shared.height),
            PixelRect(
                x: shared.x + shared.width, y: shared.y, width: a.x + a.width - shared.x - shared.width, height: shared.height),
        ]
        return pieces.filter { !$0.isEmpty }
    }

    /// `rects` without the empty ones, each set of rectangles that meet joined into their
    /// bounding box (a strip inside the pane's strip, a title where it was and where it is);
    /// or, when more than ``rectangleLimit`` remain, the bounding box of all of them.
    static func merged(_ rects: [PixelRect]) -> [PixelRect] {
        var kept: [PixelRect] = []
        kept.reserveCapacity(rectangleLimit + 1)
        for (position, rect) in rects.enumerated() where !rect.isEmpty {
            var joined = rect
            var index = 0
            while index < kept.count {
                guard kept[index].intersects(joined) else {
                    index += 1
                    continue
                }
                joined = joined.union(kept[index])
                kept.swapAt(index, kept.count - 1)
                kept.removeLast()
                index = 0  // the joined rectangle may now meet one already passed
            }
            kept.append(joined)
            if kept.count > rectangleLimit {
                var box = joined
                for other in kept { box = box.union(other) }
                for other in rects[(position + 1)...] where !other.isEmpty { box = box.union(other) }
                return [box]
            }
        }
        return kept
    }
}

extension PixelRect {
    /// True when every pixel of `other` is in this rectangle (an empty one is in any).
    func contains(_ other: PixelRect) -> Bool {
        other.isEmpty
            || (other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height)
    }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the two share a pixel.
    func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }
}
