// SPDX-License-Identifier: Apache-2.0
import CSystemShim
import Glibc

/// An epoll instance (epoll(7)), level-triggered. Each registered descriptor carries a 64-bit token
/// chosen by the caller, so a reused descriptor number can never be mistaken for an old one.
/// Confined to the thread that runs the event loop.
final class Epoll {
    /// Interest and readiness bits (epoll_ctl(2)).
    struct Events: OptionSet {
        let rawValue: UInt32
        static let readable = Events(rawValue: UInt32(ROUTINGD_EPOLLIN))
        static let writable = Events(rawValue: UInt32(ROUTINGD_EPOLLOUT))
        /// Always reported, never requested.
        static let error = Events(rawValue: UInt32(ROUTINGD_EPOLLERR))
        /// Always reported, never requested.
        static let hangUp = Events(rawValue: UInt32(ROUTINGD_EPOLLHUP))
    }

    /// One ready descriptor.
    struct Event {
        var token: UInt64
        var events: Events
    }

    let descriptor: FileDescriptor
    private var tokens = [UInt64](repeating: 0, count: 128)
    private var readyEvents = [UInt32](repeating: 0, count: 128)

    /// - Throws: ``SystemError`` from epoll_create1(2) (`EMFILE`, `ENOMEM`).
    init() throws(SystemError) {
        descriptor = FileDescriptor(rawValue: try FileDescriptor.check("epoll_create1") { routingd_epoll_create() })
    }

    deinit { descriptor.close() }

    func add(_ fd: FileDescriptor, token: UInt64, events: Events) throws(SystemError) {
        try FileDescriptor.check("epoll_ctl") {
            routingd_epoll_ctl(descriptor.rawValue, Int32(ROUTINGD_EPOLL_CTL_ADD), fd.rawValue, events.rawValue, token)
        }
    }

    func modify(_ fd: FileDescriptor, token: UInt64, events: Events) throws(SystemError) {
        try FileDescriptor.check("epoll_ctl") {
            routingd_epoll_ctl(descriptor.rawValue, Int32(ROUTINGD_EPOLL_CTL_MOD), fd.rawValue, events.rawValue, token)
        }
    }

    /// Removes `fd`; errors are ignored (closing a descriptor removes it anyway).
    func remove(_ fd: FileDescriptor) {
        _ = routingd_epoll_ctl(descriptor.rawValue, Int32(ROUTINGD_EPOLL_CTL_DEL), fd.rawValue, 0, 0)
    }

    /// Waits for readiness.
    /// - Parameter timeoutMilliseconds: -1 waits indefinitely, 0 polls.
    /// - Returns: Ready descriptors; empty on timeout or when interrupted by a signal (EINTR).
    /// - Throws: ``SystemError`` from epoll_wait(2) other than EINTR.
    func wait(timeoutMilliseconds: Int32) throws(SystemError) -> [Event] {
        let capacity = Int32(tokens.count)
        let count = tokens.withUnsafeMutableBufferPointer { tokens in
            readyEvents.withUnsafeMutableBufferPointer { events in
                routingd_epoll_wait(
                    descriptor.rawValue, tokens.baseAddress, events.baseAddress, capacity, timeoutMilliseconds)
            }
        }
        if count < 0 {
            if errno == EINTR { return [] }
            throw SystemError.current("epoll_wait")
        }
        return (0..<Int(count)).map { Event(token: tokens[$0], events: Events(rawValue: readyEvents[$0])) }
    }
}
