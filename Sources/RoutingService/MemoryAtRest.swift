// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc
import RoutingCore

/// Gives back what the daemon needs only while it reads and validates apps, so that its resident
/// memory at rest is the registry's (issue 18: at most 12 MB with the samples).
enum MemoryAtRest {
    /// After a start, a reload or a `Validate()` call: drops the gazetteer's parsed indexes (used
    /// only by validation's swapped-axes check and area descriptions; made again when next needed),
    /// tells the kernel the embedded table's pages may go (`madvise(2)` `MADV_DONTNEED`: they are
    /// read-only pages of the executable, read back from it when touched again), and returns free
    /// heap pages of every malloc arena (`malloc_trim(3)`).
    static func release() {
        Gazetteer.releaseIndexes()
        Gazetteer.withTableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let page = UInt(max(4096, sysconf(Int32(_SC_PAGESIZE))))
            let start = (UInt(bitPattern: base) + page - 1) & ~(page - 1)
            let end = (UInt(bitPattern: base) + UInt(bytes.count)) & ~(page - 1)
            guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(first, Int(end - start), MADV_DONTNEED)
        }
        _ = routingd_malloc_trim()
    }
}
