// SPDX-License-Identifier: Apache-2.0
import StrictJSON
import Synchronization

/// Handles one call of a method that answers with several replies (varlink.org/Method-Call:
/// a call with `more: true` gets replies with `continues: true` until one without). The handler
/// sends through `stream`, now or later and from any thread, and ends it with
/// ``VarlinkStream/finish(_:)`` or ``VarlinkStream/fail(_:)``; throwing before sending anything
/// answers that error. Runs on the server's event-loop thread unless the method is one of
/// ``VarlinkInterface/blockingMethods``, so it must not block there.
public typealias VarlinkStreamingHandler = @Sendable (VarlinkCall, VarlinkStream) throws(VarlinkError) -> Void

/// The replies of one `more` call, in order. The transport gives it a `deliver` function that
/// queues encoded replies for the connection (``VarlinkService/Handling/streaming(method:blocking:start:)``)
/// and calls ``cancel()`` when the client closes the connection or falls too far behind.
///
/// Thread-safe: replies sent from several threads keep the order in which ``send(_:)`` returned.
/// After the last reply (``finish(_:)`` or ``fail(_:)``) or ``cancel()``, sending does nothing and
/// returns false.
public final class VarlinkStream: Sendable {
    private struct State {
        var ended = false
        var cancelled = false
        var onCancel: [@Sendable () -> Void] = []
    }

    /// Queues one encoded reply (NUL included); `last` is true for the reply that ends the call.
    private let deliver: @Sendable (_ reply: [UInt8], _ last: Bool) -> Void
    private let state = Mutex(State())

    /// - Parameter deliver: queues one encoded reply (its NUL included) for the client; called with
    ///   `last: true` exactly once unless the stream is cancelled first. Called with the stream's lock
    ///   held, so replies reach it in order: it must not call back into the stream.
    public init(deliver: @escaping @Sendable (_ reply: [UInt8], _ last: Bool) -> Void) {
        self.deliver = deliver
    }

    /// Sends `parameters` as a reply with `continues: true`.
    /// - Returns: false when the stream has ended or was cancelled (the client is gone: stop sending).
    @discardableResult
    public func send(_ parameters: JSONObject) -> Bool {
        emit(VarlinkReply.success(parameters, continues: true), last: false)
    }

    /// Sends `parameters` as the last reply (no `continues`) and ends the stream.
    @discardableResult
    public func finish(_ parameters: JSONObject) -> Bool {
        emit(VarlinkReply.success(parameters), last: true)
    }

    /// Sends `error` as the last reply and ends the stream.
    @discardableResult
    public func fail(_ error: VarlinkError) -> Bool {
        emit(VarlinkReply.failure(error), last: true)
    }

    private func emit(_ reply: [UInt8], last: Bool) -> Bool {
        state.withLock { state -> Bool in
            guard !state.ended, !state.cancelled else { return false }
            if last { state.ended = true }
            deliver(reply, last)
            return true
        }
    }

    /// True once the stream sent its last reply or was cancelled.
    public var isEnded: Bool { state.withLock { $0.ended || $0.cancelled } }

    /// True once the transport cancelled the stream (the client closed the connection, or was
    /// dropped for not reading its replies).
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Runs `action` once when the stream is cancelled (at once, on this thread, if it already was);
    /// not when it ends normally. Use it to stop producing replies (unsubscribe).
    public func onCancel(_ action: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.cancelled { return true }
            if !state.ended { state.onCancel.append(action) }
            return false
        }
        if runNow { action() }
    }

    /// Ends the stream without a last reply: the client is gone. Called by the transport; runs the
    /// ``onCancel(_:)`` actions on the calling thread. Idempotent; does nothing after the last reply.
    public func cancel() {
        let actions = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled, !state.ended else { return [] }
            state.cancelled = true
            defer { state.onCancel = [] }
            return state.onCancel
        }
        for action in actions { action() }
    }
}
