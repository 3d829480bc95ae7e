/// The small picture before a row's title: a theme's icon, or a shape the core draws itself
/// where there is none (a bare machine without an icon theme).
public enum ListIcon: Hashable, Sendable {
    /// A picture, drawn in a ``ListMetrics/iconSize`` square; an app gives the same
    /// ``ImagePixels`` for every row of a kind, so the host uploads it once.
    case image(ImagePixels)
    /// A folder drawn with polygons: a body with a tab.
    case folder
    /// A page drawn with polygons: a sheet with its top-right corner folded.
    case document

    /// The drawn shapes of a glyph in the square `frame`, in `color`; none for a picture.
    /// The folder's tab and the page's fold are cut out by a second, lighter shape, so each
    /// reads at 16 points in either theme.
    func glyphOps(in frame: Rect, color: Color) -> [DrawOp] {
        let x = frame.minX, y = frame.minY, unit = frame.width / 16
        func point(_ px: Double, _ py: Double) -> Point { Point(x: x + px * unit, y: y + py * unit) }
        switch self {
        case .image: return []
        case .folder:
            let tab = [point(1, 3), point(6, 3), point(7.5, 4.5), point(15, 4.5), point(15, 6), point(1, 6)]
            let body = [point(1, 6), point(15, 6), point(15, 14), point(1, 14)]
            return [.polygon(tab, color.withAlpha(170)), .polygon(body, color)]
        case .document:
            let sheet = [point(3, 1), point(10, 1), point(13, 4), point(13, 15), point(3, 15)]
            let fold = [point(10, 1), point(13, 4), point(10, 4)]
            return [.polygon(sheet, color.withAlpha(150)), .polygon(fold, color)]
        }
    }
}
