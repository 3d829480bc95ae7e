import FuzzDriver
import SplitViewBrowser

/// libFuzzer's entry: any bytes as a config file. Parsing always gives a config (the defaults
/// where an entry is bad) and at most one warning line per entry, each a single line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (_, warnings) = AppConfig.parse(bytes, source: "fuzz.json")
    for line in warnings { precondition(!line.contains("\n"), "a warning is one line") }
    return 0
}

/// The program's entry: libFuzzer's driver over this target (see FuzzDriver.swift).
@_cdecl("FuzzConfigDecoder_main")
public func fuzzConfigDecoderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzConfigDecoder(data!, size) }
}
