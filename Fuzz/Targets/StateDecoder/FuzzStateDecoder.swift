import FuzzDriver
import SplitViewBrowser

/// libFuzzer's entry: any bytes as a state file. Decoding either fails with a reason or gives
/// a state that passed its checks, encodes and decodes back to itself, and is left as it is by
/// the saver's trimming (which only ever removes what the loader would refuse).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let state = try? StateStore.decode(bytes) else { return 0 }
    let again = try? StateStore.decode(StateStore.encode(state))
    precondition(again == state, "a state that decodes encodes back to itself")
    precondition(state.withinLimits() == state, "a state the loader accepts is saved as it is")
    return 0
}

/// The program's entry: libFuzzer's driver over this target (see FuzzDriver.swift).
@_cdecl("FuzzStateDecoder_main")
public func fuzzStateDecoderMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzStateDecoder(data!, size) }
}
