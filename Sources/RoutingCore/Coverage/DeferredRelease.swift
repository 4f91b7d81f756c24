// SPDX-License-Identifier: Apache-2.0
import Dispatch

/// Frees large values on a background thread, so that the caller need not wait for it.
///
/// A million-position coverage file parses into several million tree nodes; freeing them takes about
/// a tenth of the whole validation. The validator's answer never depends on them, so their last
/// reference is dropped on a utility-priority queue instead, as compilers skip freeing their ASTs at
/// exit (clang's `-disable-free`). A process that exits first simply lets the kernel reclaim the
/// memory. This is memory management only: nothing is read, written or observable.
enum DeferredRelease {
    private static let queue = DispatchQueue(label: "org.routingd.deferred-release", qos: .utility)

    /// Takes ownership of `object` and drops it on the background queue.
    static func release(_ object: some AnyObject & Sendable) {
        queue.async { withExtendedLifetime(object) {} }
    }
}
