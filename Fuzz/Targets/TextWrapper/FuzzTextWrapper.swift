import FuzzDriver
import SplitView

/// libFuzzer's entry: the first byte picks a width (0 to 255 points, then a few hostile ones),
/// the rest is the text. Wrapped whole with the fixed-advance measurer: no crash, no hang, and
/// every line fits the width unless it is a single character that cannot be split.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextWrapper(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let widths: [Double] = [0, -1, .nan, .infinity, 1e300]
    let pick = Int(data[0])
    let width = pick < 250 ? Double(pick) : widths[(pick - 250) % widths.count]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let measurer = FixedAdvanceMeasurer()
    var wrapper = TextLayout.Wrapper(text: text, width: width, font: .body, measurer: measurer)
    var paragraphs = 0
    while wrapper.wrapNextParagraph() {
        paragraphs += 1
        precondition(paragraphs <= size + 1, "wrapping ends")
    }
    if width.isFinite && width > 0 {
        for line in wrapper.lines where line.count > 1 {
            precondition(measurer.width(of: line, font: .body) <= width + 1e-9, "a line of several characters fits")
        }
    }
    _ = TextLayout.truncated(text, toWidth: width, font: .body, measurer: measurer)
    return 0
}

/// The program's entry: libFuzzer's driver over this target (see FuzzDriver.swift).
@_cdecl("FuzzTextWrapper_main")
public func fuzzTextWrapperMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzTextWrapper(data!, size) }
}
