import Testing

@testable import SplitView

/// Checks what must hold of any layout the controller publishes, settled or mid-transition:
/// finite frames, no negative size, full height; displayMode/splitBehavior never automatic
/// and consistent; dividers on their column's edge with the width in their range; buttons
/// inside their column. For settled expanded layouts also: tiled frames plus 1-pt dividers
/// cover the width exactly, tiled frames never overlap, and each column keeps its minimum
/// and maximum whenever the window is wide enough for the mode.
func expectWellFormed(
    _ split: SplitViewController, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let layout = split.layout
    let size = layout.size
    func fail(_ message: String) {
        Issue.record("\(message) — \(context())\n\(split.explain())\n\(describe(layout))", sourceLocation: sourceLocation)
    }
    if split.displayMode == .automatic { fail("displayMode is automatic") }
    // Collapse exactly per the width rule: below the threshold always, from the threshold plus
    // the hysteresis never; in between, whatever the interface was.
    if split.isMounted {
        if size.width < split.collapseThreshold && !split.isCollapsed { fail("expanded below the collapse threshold") }
        if size.width >= split.collapseThreshold + CollapsePolicy.hysteresis && split.isCollapsed {
            fail("collapsed above the threshold and its hysteresis")
        }
    }
    if let menu = split.menu {
        let frame = menu.frame
        if ![frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite) || frame.minX < 0 || frame.minY < 0 {
            fail("menu frame \(frame)")
        }
        if size.width >= frame.width && frame.maxX > size.width + 0.001 { fail("menu leaves the window: \(frame)") }
    }
    if split.splitBehavior == .automatic { fail("splitBehavior is automatic") }
    if !split.isCollapsed && !split.splitBehavior.allowedModes.contains(split.displayMode) {
        fail("\(split.displayMode) is not allowed under \(split.splitBehavior)")
    }
    if split.style != .tripleColumn && split.displayMode.level > 1 {
        fail("two-column mode \(split.displayMode) in \(split.style)")
    }
    for placement in layout.columns {
        let f = placement.frame
        if ![f.minX, f.minY, f.width, f.height].allSatisfy(\.isFinite) { fail("\(placement.column) frame not finite: \(f)") }
        if f.width < 0 || f.height < 0 { fail("\(placement.column) negative size \(f)") }
        if placement.presentation != .sheet && f.height != size.height {
            fail("\(placement.column) height \(f.height) ≠ \(size.height)")
        }
    }
    if Set(layout.columns.map(\.column)).count != layout.columns.count { fail("a column placed twice") }
    for button in layout.buttons {
        guard let frame = layout.frame(of: button.column) else { fail("button in hidden column \(button.column)"); continue }
        if button.frame.minX < frame.minX - 0.001 || button.frame.maxX > frame.maxX + 0.001, frame.width >= 80 {
            fail("button \(button.kind) outside \(button.column)")
        }
    }
    guard !split.isAnimating else { return }
    for divider in layout.dividers {
        guard let width = layout.frame(of: divider.resizes)?.width else {
            fail("divider for hidden \(divider.resizes)"); continue
        }
        if !divider.range.contains(width) { fail("\(divider.name) range \(divider.range) lacks width \(width)") }
        if divider.drawnRect.width != 1 { fail("\(divider.name) drawn width \(divider.drawnRect.width)") }
        if divider.grabRect.minX != divider.drawnRect.minX - 6 || divider.grabRect.width != 13 {
            fail("\(divider.name) grab rect")
        }
    }
    if split.isCollapsed {
        let main = layout.columns.filter { $0.presentation == .collapsed }
        if main.count != 1 || main.first?.frame != Rect(origin: .zero, size: size) {
            fail("collapsed: one column must fill the window")
        }
        return
    }
    guard size.width > 0 else { return }
    let tiled = layout.columns.filter { $0.presentation == .tiled || $0.presentation == .displaced }
        .sorted { $0.frame.minX < $1.frame.minX }
    for (a, b) in zip(tiled, tiled.dropFirst()) where a.frame.intersects(b.frame) { fail("\(a.column) overlaps \(b.column)") }
    let mode = split.displayMode
    if mode == .twoDisplaceSecondary { return }
    // A zoom shows one column over the whole window, whatever its limits.
    if split.zoomedPane != nil {
        if tiled.count != 1 || tiled.first?.frame != Rect(origin: .zero, size: size) {
            fail("zoomed: one column must fill the window")
        }
        return
    }
    // Tiled columns and 1-pt dividers cover the width exactly.
    var x = 0.0
    for placement in tiled {
        if abs(placement.frame.minX - x) > 0.001 { fail("gap or overlap before \(placement.column) at \(x)") }
        x = placement.frame.maxX + 1
    }
    if abs(x - 1 - size.width) > 0.001 { fail("tiled columns end at \(x - 1), not \(size.width)") }
    // Minimums and maximums hold while the mode's columns fit at their minimums.
    let widths = split.resolvedWidths
    let tiledMinimums = tiled.reduce(0.0) { $0 + widths.minimum($1.column) } + Double(tiled.count - 1)
    if tiledMinimums <= size.width {
        for placement in tiled where placement.column != .secondary {
            let w = placement.frame.width
            if w < widths.minimum(placement.column) - 0.001 || w > widths.maximum(placement.column) + 0.001 {
                fail(
                    "\(placement.column) width \(w) outside \(widths.minimum(placement.column))…\(widths.maximum(placement.column))"
                )
            }
        }
        if let secondary = layout.frame(of: .secondary), !mode.dimsSecondary, secondary.width < widths.minimum(.secondary) - 0.001
        {
            fail("secondary \(secondary.width) below its minimum")
        }
    }
}

/// The layout in a few lines, for failure messages.
func describe(_ layout: Layout) -> String {
    (layout.columns.map { "  \($0.column) \($0.frame) \($0.presentation)\($0.isDimmed ? " dimmed" : "")" }
        + layout.dividers.map { "  \($0.name) \($0.drawnRect) range \($0.range)" }
        + layout.buttons.map { "  button \($0.kind) \($0.icon) in \($0.column) \($0.frame)" }).joined(separator: "\n")
}
