/// The bar buttons' glyphs as vector strokes on whole points, so that they stay crisp.
enum ButtonIcons {
    /// The ops that draw `icon` centred in a square `box` (28 pt), mirrored for a trailing
    /// primary edge so that chevrons point to the primary.
    static func ops(_ icon: BarButton.Icon, in box: Rect, color: Color, mirrored: Bool) -> [DrawOp] {
        let shapes = shapes(icon)
        // Glyphs are drawn on a 28-pt grid; `p` maps a grid point into the box.
        func p(_ x: Double, _ y: Double) -> Point {
            Point(x: box.minX + (mirrored ? 28 - x : x) * box.width / 28, y: box.minY + y * box.height / 28)
        }
        return shapes.map { shape in
            switch shape {
            case .stroke(let points): .polyline(points.map { p($0.0, $0.1) }, color, width: 2)
            case .fill(let points): .polygon(points.map { p($0.0, $0.1) }, color)
            }
        }
    }

    private enum Shape {
        case stroke([(Double, Double)])
        case fill([(Double, Double)])
    }

    private static func shapes(_ icon: BarButton.Icon) -> [Shape] {
        switch icon {
        case .sidebar:
            // A window with a sidebar: an outline, the sidebar's edge, two rows inside it.
            return [
                .stroke([(6, 8), (22, 8), (22, 20), (6, 20), (6, 8)]),
                .stroke([(12, 8), (12, 20)]),
                .fill([(8, 11), (10, 11), (10, 12), (8, 12)]),
                .fill([(8, 14), (10, 14), (10, 15), (8, 15)]),
            ]
        case .backChevron:
            return [.stroke([(16, 7), (9, 14), (16, 21)])]
        case .expandArrows:
            // Two arrows pointing apart, to the corners: make the secondary fill the window.
            return [
                .stroke([(15, 13), (21, 7)]), .stroke([(16, 7), (21, 7), (21, 12)]),
                .stroke([(13, 15), (7, 21)]), .stroke([(7, 16), (7, 21), (12, 21)]),
            ]
        case .collapseArrows:
            // Two arrows pointing together: give the columns back.
            return [
                .stroke([(21, 7), (15, 13)]), .stroke([(15, 8), (15, 13), (20, 13)]),
                .stroke([(7, 21), (13, 15)]), .stroke([(8, 15), (13, 15), (13, 20)]),
            ]
        case .fullScreen:
            // Four corner brackets.
            return [
                .stroke([(7, 11), (7, 7), (11, 7)]), .stroke([(17, 7), (21, 7), (21, 11)]),
                .stroke([(21, 17), (21, 21), (17, 21)]), .stroke([(11, 21), (7, 21), (7, 17)]),
            ]
        case .inspector:
            // A window with a panel on its far side and two rows inside the panel: the
            // sidebar's mirror image.
            return [
                .stroke([(6, 8), (22, 8), (22, 20), (6, 20), (6, 8)]),
                .stroke([(16, 8), (16, 20)]),
                .fill([(18, 11), (20, 11), (20, 12), (18, 12)]),
                .fill([(18, 14), (20, 14), (20, 15), (18, 15)]),
            ]
        case .add:
            return [.stroke([(14, 8), (14, 20)]), .stroke([(8, 14), (20, 14)])]
        case .more:
            // Three dots, as small squares so that they stay crisp.
            return [
                .fill([(8, 13), (10, 13), (10, 15), (8, 15)]), .fill([(13, 13), (15, 13), (15, 15), (13, 15)]),
                .fill([(18, 13), (20, 13), (20, 15), (18, 15)]),
            ]
        case .close:
            return [.stroke([(9, 9), (19, 19)]), .stroke([(19, 9), (9, 19)])]
        case .none:
            return []
        }
    }
}
