extension FolderListing {
    /// A listing's entries in order, stored as columns: every name in one byte buffer, the
    /// kinds in another. Each ``Entry`` is made when it is read.
    public struct Entries: RandomAccessCollection, Hashable, Sendable {
        private let names: [UInt8]
        /// Name `i` is `names[starts[i] ..< starts[i + 1]]`.
        private let starts: [Int]
        private let kinds: [FileKind]
        /// The folders come first: entry `i` is a folder when `i < folderCount`.
        let folderCount: Int

        /// The first entry's index, 0.
        public var startIndex: Int { 0 }
        /// One past the last entry's index: the number of entries.
        public var endIndex: Int { kinds.count }

        /// The entry at `index`.
        public subscript(index: Int) -> Entry {
            Entry(name: name(at: index), kind: kinds[index], isFolder: index < folderCount)
        }

        /// The name bytes of entry `index`, without building the whole entry.
        public func name(at index: Int) -> [UInt8] { Array(names[starts[index]..<starts[index + 1]]) }

        /// Whether entry `index`'s name starts with a dot, without copying the name: filtering
        /// 100 000 entries for Ctrl+H stays one pass over the buffer.
        public func isHidden(at index: Int) -> Bool {
            starts[index] < starts[index + 1] && names[starts[index]] == UInt8(ascii: ".")
        }

        /// Whether entry `index` is called `name`, without copying its name.
        public func hasName(_ name: [UInt8], at index: Int) -> Bool {
            withName(at: index) { $0.elementsEqual(name) }
        }

        /// Runs `body` with entry `index`'s name as people read it, in UTF-8
        /// (``FolderListing/Entry/displayName``), without copying it when it needs no escape
        /// (printable ASCII: most names): how a filter reads 100 000 names within a frame.
        public func withDisplayName<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            withName(at: index) { bytes in
                if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return body(bytes) }
                var text = DisplayEscaping.escape(Array(bytes))
                return text.withUTF8(body)
            }
        }

        /// Calls `body` with the name bytes of entry `index` in place, for scans of the whole
        /// folder that should not copy every name.
        func withName<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            names.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[index]..<starts[index + 1]])) }
        }

        init(names: [UInt8], starts: [Int], kinds: [FileKind], folderCount: Int) {
            self.names = names
            self.starts = starts
            self.kinds = kinds
            self.folderCount = folderCount
        }

        /// Collects entries in `readdir` order, then sorts them once.
        struct Builder {
            private var names: [UInt8] = []
            private var starts: [Int] = [0]
            private var kinds: [FileKind] = []
            private var folders: [Bool] = []

            mutating func append(_ name: UnsafeRawBufferPointer, kind: FileKind, isFolder: Bool) {
                names.append(contentsOf: name)
                starts.append(names.count)
                kinds.append(kind)
                folders.append(isFolder)
            }

            /// The folders, then the rest, each in natural order.
            func sorted() -> Entries {
                let table = NaturalOrder.Table(names: names, nameStarts: starts)
                var folderIndices: [Int] = []
                var otherIndices: [Int] = []
                otherIndices.reserveCapacity(kinds.count)
                for index in kinds.indices {
                    if folders[index] { folderIndices.append(index) } else { otherIndices.append(index) }
                }
                table.sort(&folderIndices)
                table.sort(&otherIndices)
                var sortedNames: [UInt8] = []
                sortedNames.reserveCapacity(names.count)
                var sortedStarts: [Int] = [0]
                sortedStarts.reserveCapacity(starts.count)
                var sortedKinds: [FileKind] = []
                sortedKinds.reserveCapacity(kinds.count)
                for index in folderIndices + otherIndices {
                    sortedNames.append(contentsOf: names[starts[index]..<starts[index + 1]])
                    sortedStarts.append(sortedNames.count)
                    sortedKinds.append(kinds[index])
                }
                return Entries(
                    names: sortedNames, starts: sortedStarts, kinds: sortedKinds,
                    folderCount: folderIndices.count)
            }
        }
    }
}
