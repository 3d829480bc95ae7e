import CFileOps
import Glibc
import SplitView

/// The file systems whose "files" are the kernel's own: `/proc`, `/sys` and their kin.
///
/// Their regular files are not data at rest. Reading one can take from it
/// (`/proc/kmsg` drains the kernel's log for everybody), block for ever, or hand out the
/// program's own secrets (`/proc/self/environ`); their sizes are 0 or made up. So none of them
/// is pasted or read for a preview, a type or a picture: they are named, never opened for
/// reading. Regular files of every other file system (`/dev/shm`'s tmpfs among them) are
/// ordinary files; devices, FIFOs and sockets are never opened anywhere.
///
/// Decision: the test is the file system's type (`statfs`'s `f_type`), not the path, so a
/// bind mount or a link into `/proc` is caught as surely as `/proc` itself.
public enum KernelFiles {
    /// The name of the kernel's file system the open `descriptor` is on (`proc`, `sysfs`…),
    /// or nil for an ordinary file system.
    public static func fileSystem(of descriptor: Int32) -> String? {
        let type = sv_file_system_type(descriptor)
        return type < 0 ? nil : name(of: type)
    }

    /// The name of the kernel's file system `path` is on (following a final link), or nil
    /// for an ordinary file system or a path that cannot be looked at.
    public static func fileSystem(of path: FilePath) -> String? {
        let type = path.withCString { sv_file_system_type_of($0) }
        return type < 0 ? nil : name(of: type)
    }

    /// Why the kernel's file `path`, on `fileSystem`, is not read: the reader's and the
    /// picture decoder's one refusal.
    public static func refusal(_ path: FilePath, fileSystem: String) -> FileError {
        FileError(
            path: path.displayString,
            reason: String(translated: "it is a file of the kernel (\(fileSystem)), which is never read"))
    }

    /// The kernel's file systems by their magic numbers (`linux/magic.h`).
    static func name(of type: Int64) -> String? {
        switch UInt32(truncatingIfNeeded: type) {
        case 0x9fa0: "proc"
        case 0x6265_6572: "sysfs"
        case 0x6462_6720: "debugfs"
        case 0x7472_6163: "tracefs"
        case 0x7363_6673: "securityfs"
        case 0x0027_e0eb: "cgroup"
        case 0x6367_7270: "cgroup2"
        case 0xcafe_4a11: "bpf"
        case 0x6265_6570: "configfs"
        case 0x6165_676c: "pstore"
        case 0xde5e_81e4: "efivarfs"
        case 0xf97c_ff8c: "selinuxfs"
        case 0x4341_5d53: "smackfs"
        case 0x6573_5543: "fusectl"
        case 0x0000_1cd1: "devpts"
        case 0x1980_0202: "mqueue"
        case 0x4249_4e4d: "binfmt_misc"
        case 0x6e73_6673: "nsfs"
        default: nil
        }
    }
}
