/// libFuzzer's entry: any bytes as a config file. Parsing always gives a config (the defaults
/// where an entry is bad) and at most one warning line per entry, each a single line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfigDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (_, warnings) = AppConfig.parse(bytes, source: "fuzz.json")
    for line in warnings { precondition(!line.contains("\n"), "a warning is one line") }
    return 0
}

/// The program's entry. SwiftPM links an executable's `main` to `<module>_main`, so
/// libFuzzer's own `main` is not used: this one hands the command line to libFuzzer's driver.
@_cdecl("FuzzConfigDecoder_main")
public func fuzzConfigDecoderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzConfigDecoder(data!, size)
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
