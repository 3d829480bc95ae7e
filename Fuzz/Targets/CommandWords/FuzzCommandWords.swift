import FuzzDriver
import SplitView

/// libFuzzer's entry: any bytes, as UTF-8 text, split into words; a command that splits is
/// filled in with a file of the same bytes. Checked: no crash, no hang, and what splits has a
/// first word and fills in without losing the file's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandWords(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    guard let command = try? ProgramCommand(parsing: text) else { return 0 }
    precondition(!command.words.isEmpty, "a command that splits has a word")
    let file = bytes.filter { $0 != 0 }
    guard let arguments = command.arguments(windowID: 4_194_305, file: file) else {
        preconditionFailure("a file was given")
    }
    precondition(arguments.count == command.words.count, "one argument a word")
    if command.namesFile {
        precondition(arguments.contains { $0.count >= file.count }, "the file's bytes are all there")
    }
    return 0
}

/// The program's entry: libFuzzer's driver over this target (see FuzzDriver.swift).
@_cdecl("FuzzCommandWords_main")
public func fuzzCommandWordsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzCommandWords(data!, size) }
}
