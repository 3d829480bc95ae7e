import SplitViewFiles
import Testing

/// `MountInfo`: `/proc/self/mountinfo` read for the places' volumes, against hostile input.
@Suite struct MountInfoTests {
    private func volumes(_ text: String) -> [FilePath] { MountInfo.volumes(in: MountInfo.parse(Array(text.utf8))) }

    /// Boundary: the table is the kernel's unless `SPLITVIEW_MOUNTINFO` names another by an
    /// absolute path (the window tests' seam); an empty or relative value is no name.
    @Test func theTableIsTheKernelsUnlessTheEnvironmentNamesAnother() {
        #expect(MountInfo.table(environment: [:]) == "/proc/self/mountinfo")
        #expect(MountInfo.table(environment: ["SPLITVIEW_MOUNTINFO": "/tmp/t/mountinfo"]) == "/tmp/t/mountinfo")
        #expect(MountInfo.table(environment: ["SPLITVIEW_MOUNTINFO": ""]) == "/proc/self/mountinfo")
        #expect(MountInfo.table(environment: ["SPLITVIEW_MOUNTINFO": "mountinfo"]) == "/proc/self/mountinfo")
    }

    @Test func theVolumesAreTheMountsBelowMediaMntAndRunMedia() {
        let text = """
            22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
            40 22 8:17 / /media/ana/USB\\040stick rw,nosuid shared:20 - vfat /dev/sdb1 rw
            41 22 8:18 / /run/media/ana/Back\\134up\\011Disk rw - ext4 /dev/sdb2 rw
            42 22 8:19 / /mnt/data rw - xfs /dev/sdc1 rw
            43 22 0:50 / /mnt rw - tmpfs tmpfs rw
            44 22 0:51 / /media rw - tmpfs tmpfs rw
            45 22 0:52 / /mediaother/x rw - tmpfs tmpfs rw
            46 22 0:53 / /proc rw - proc proc rw
            47 22 8:19 / /mnt/data rw - xfs /dev/sdc1 rw
            """
        #expect(
            volumes(text) == [
                FilePath("/media/ana/USB stick"), FilePath("/run/media/ana/Back\\up\tDisk"), FilePath("/mnt/data"),
            ])
        #expect(MountInfo.parse(Array(text.utf8)).first?.type == "ext4")
    }

    /// The device is `st_dev`'s encoding of `major:minor` (glibc's `makedev`), large numbers
    /// included; one that is not two numbers is unknown, and the mount is still read.
    @Test func theDeviceIsReadAsStatEncodesIt() {
        let text =
            "1 0 254:0 / / rw - ext4 /dev/vda rw\n2 1 0:27 / /dev/shm rw - tmpfs t rw\n"
            + "3 1 4095:1048575 / /big rw - xfs x rw\n4 1 8:x / /odd rw - xfs x rw\n"
        let mounts = MountInfo.parse(Array(text.utf8))
        #expect(mounts.map(\.device) == [65024, 27, 0xFFFF_FFFF, nil])
        #expect(MountInfo.device(major: 4096, minor: 256) == 1 << 44 | 1 << 20)
    }

    /// Optional fields (`shared:1 master:2`) come before the separator: the type follows it.
    @Test func optionalFieldsBeforeTheSeparator() {
        let mounts = MountInfo.parse(Array("50 22 8:1 / /mnt/a rw shared:1 master:2 - btrfs /dev/x rw\n".utf8))
        #expect(mounts.map(\.type) == ["btrfs"])
    }

    @Test(arguments: [
        "", "garbage", "1 2 3 4 5 6", "40 22 8:17 / /mnt/nosep rw shared:1 vfat /dev/sdb1 rw",
        "40 22 8:17 / relative/mnt rw - vfat /dev/sdb1 rw", "40 22 8:17 / /mnt/bad\\04 rw - vfat /dev/sdb1 rw",
        "40 22 8:17 / /mnt/bad\\09x rw - vfat /dev/sdb1 rw", "40 22 8:17 / /mnt/nul\\000 rw - vfat /dev/sdb1 rw",
        "40 22 8:17 / /mnt/big\\777 rw - vfat /dev/sdb1 rw", "40 22 8:17 / /mnt/end rw -",
    ])
    func aBadLineIsSkipped(_ line: String) {
        #expect(volumes(line + "\n42 22 8:19 / /mnt/ok rw - xfs /dev/sdc1 rw\n") == [FilePath("/mnt/ok")])
    }

    @Test func nonUTF8BytesInAMountPointAreKept() {
        let line = Array("40 22 8:17 / /media/".utf8) + [0xE9] + Array(" rw - vfat /dev/sdb1 rw".utf8)
        #expect(MountInfo.volumes(in: MountInfo.parse(line)) == [FilePath(bytes: Array("/media/".utf8) + [0xE9])])
    }
}
