// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Synchronization

/// `items.map(transform)`, computed on every processor when there are at least `threshold` items
/// (in order; the same result as the sequential map when `transform` is pure or only reads files).
/// Used at start, where 10,000 apps mean 20,000 files to read and 10,000 manifests to parse.
/// - Parameters:
///   - items: the inputs.
///   - threshold: below this many items the map runs on the calling thread (not worth the threads).
///   - transform: called once per item, from any thread, several at once.
/// - Returns: `transform` of each item, in the order of `items`.
public func concurrentMap<T: Sendable, R: Sendable>(
    _ items: [T], threshold: Int = 64, _ transform: @Sendable (T) -> R
) -> [R] {
    guard items.count >= threshold, items.count >= 2 else { return items.map(transform) }
    // Interleaved slices, more than processors, so that one slow item does not hold up the rest.
    let slices = min(items.count, 16)
    let parts = Mutex<[[R]]>(Array(repeating: [], count: slices))
    DispatchQueue.concurrentPerform(iterations: slices) { k in
        var mine: [R] = []
        mine.reserveCapacity(items.count / slices + 1)
        for i in stride(from: k, to: items.count, by: slices) { mine.append(transform(items[i])) }
        parts.withLock { $0[k] = mine }
    }
    let done = parts.withLock { $0 }
    var results: [R] = []
    results.reserveCapacity(items.count)
    for i in 0..<items.count { results.append(done[i % slices][i / slices]) }
    return results
}
