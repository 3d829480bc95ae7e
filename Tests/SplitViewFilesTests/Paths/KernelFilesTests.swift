import Glibc
import SplitViewFiles
import Testing

/// `KernelFiles.swift`: the kernel's file systems told from ordinary ones by their type.
@Suite struct KernelFilesTests {
    @Test func procAndSysAreTheKernels() {
        #expect(KernelFiles.fileSystem(of: FilePath("/proc/self/environ")) == "proc")
        #expect(KernelFiles.fileSystem(of: FilePath("/proc/kmsg")) == "proc")
        if FileOperations.exists(FilePath("/sys/kernel")) {
            #expect(KernelFiles.fileSystem(of: FilePath("/sys/kernel")) == "sysfs")
        }
    }

    @Test func ordinaryFileSystemsAreNot() {
        #expect(KernelFiles.fileSystem(of: FilePath("/tmp")) == nil)
        #expect(KernelFiles.fileSystem(of: FilePath("/")) == nil)
        #expect(KernelFiles.fileSystem(of: FilePath("/no/such/path")) == nil)
    }

    @Test func aDescriptorIsJudgedByWhatItOpened() {
        let proc = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        defer { close(proc) }
        #expect(KernelFiles.fileSystem(of: proc) == "proc")
        let tmp = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(tmp) }
        #expect(KernelFiles.fileSystem(of: tmp) == nil)
    }
}
