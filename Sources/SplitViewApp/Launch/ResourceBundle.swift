import AppResources
import Glibc
import SplitView
import SplitViewX11

/// The resource bundle folder beside the program, `…/SplitView_AppResources.resources`, found
/// from `/proc/self/exe`: the real path, so a symlink to the program (`~/.local/bin/splitview`
/// to `~/.local/lib/splitview/splitview`) finds the bundle beside the real file. Nil when the
/// program's own path cannot be read; whether the folder exists is not checked.
func resourceBundlePath() -> String? { resourceBundle }

/// ``resourceBundlePath()``, read once: the catalogs, the sample library and the window's icon
/// all ask for it at start-up.
private let resourceBundle: String? = {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    let executable = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    // Sliced at the last slash, not split and joined: those generic calls made the runtime
    // look their types up, about 0.5 ms before the font thread could start.
    guard let slash = executable.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
    return String(executable[..<slash]) + "/" + String(cString: splitview_resource_bundle_name())
}()

/// The bundled sample library: `Resources/Library` in the resource bundle next to the program.
func sampleLibraryPath() throws(LaunchError) -> String {
    guard let bundle = resourceBundlePath() else { throw LaunchError(String(translated: "cannot find the program's own folder")) }
    let library = bundle + "/Resources/Library"
    guard access(library, R_OK) == 0 else {
        throw LaunchError(
            String(
                translated: "the sample library is missing: expected \(library) (copy the .resources folder next to the program)")
        )
    }
    return library
}

/// The window icon's file in the bundle: `Resources/splitview.argb`, made by
/// `Resources/icons/make-icons.sh`.
let windowIconFile = "Resources/splitview.argb"

/// The app's window icon from the resource bundle, or nil when the bundle or the file is
/// missing or damaged (the window then simply has no icon).
///
/// ```swift
/// let window = host.open(content, size: size)
/// if let icon = bundledWindowIcon() { window.setIcon(icon) }
/// ```
func bundledWindowIcon() -> WindowIcon? {
    resourceBundlePath().flatMap { WindowIcon(contentsOf: $0 + "/" + windowIconFile) }
}
