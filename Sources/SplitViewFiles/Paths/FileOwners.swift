import Glibc

/// Owner and group names, kept apart from ``FileInfo/read(_:)`` because they may go through
/// the name service (LDAP, SSSD) and take as long as the network does: the app asks only for
/// the one file the inspector shows, never for a whole listing.
extension FileInfo {
    /// The login name of `uid`, or the number as text when it has none.
    public static func ownerName(_ uid: UInt32) -> String {
        lookUp(initialSize: Int(sysconf(Int32(_SC_GETPW_R_SIZE_MAX)))) { buffer in
            var entry = passwd()
            var found: UnsafeMutablePointer<passwd>?
            let code = getpwuid_r(uid_t(uid), &entry, buffer.baseAddress!, buffer.count, &found)
            return (code, found?.pointee.pw_name.map { String(cString: $0) })
        } ?? String(uid)
    }

    /// The name of group `gid`, or the number as text when it has none.
    public static func groupName(_ gid: UInt32) -> String {
        lookUp(initialSize: Int(sysconf(Int32(_SC_GETGR_R_SIZE_MAX)))) { buffer in
            var entry = group()
            var found: UnsafeMutablePointer<group>?
            let code = getgrgid_r(gid_t(gid), &entry, buffer.baseAddress!, buffer.count, &found)
            return (code, found?.pointee.gr_name.map { String(cString: $0) })
        } ?? String(gid)
    }

    /// Runs a `get…_r` call with a scratch buffer, growing it while the call says `ERANGE`
    /// (a group with many members can outgrow the suggested size).
    private static func lookUp(
        initialSize: Int,
        _ call: (UnsafeMutableBufferPointer<CChar>) -> (Int32, String?)
    ) -> String? {
        var size = initialSize > 0 ? initialSize : 1024
        while size <= 1 << 20 {
            let (code, name) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: size) { call($0) }
            if code != ERANGE { return name }
            size *= 4
        }
        return nil
    }
}
