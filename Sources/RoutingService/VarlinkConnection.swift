// SPDX-License-Identifier: Apache-2.0
import Glibc
import StrictJSON
import Varlink

/// One accepted client connection: NUL-framed input, in-order replies, buffered output
/// (varlink.org: "All messages are encoded as JSON objects and terminated with a single NUL byte";
/// replies come in call order).
///
/// The event loop asks it what it wants (``wantsRead``, ``wantsWrite``) and tells it what is ready.
/// Flow control: it stops asking to read while complete messages are still unhandled or while more
/// than `maxPendingReplyBytes` of replies wait to be sent, so a client that never reads its replies
/// only fills its own buffers; it resumes once they drain below the bound. A reply larger than the
/// bound is still queued whole (the bound is checked before each message, not within a reply).
/// The replies of an open stream (a `more` call) are not held back: ``queueStreamReply(_:last:)``
/// refuses one once `maxStreamBacklogBytes` are unread, and the loop closes the connection.
/// For the loop's deadlines it records when the connection last made progress (``lastActivity``)
/// and since when it has waited for the rest of a message (``partialSince``).
/// Confined to the thread of the event loop that owns it.
final class VarlinkConnection {
    let descriptor: FileDescriptor
    /// The epoll token; unique for the server's lifetime, unlike descriptor numbers.
    let token: UInt64
    let peer: VarlinkPeer?
    private let limits: VarlinkServer.Limits
    /// The loop's bookkeeping: served this turn, its replies not written yet (in its
    /// `unflushed` list once), and closed (to skip when the turn ends).
    var turnPending = false
    var isClosed = false

    private var input: [UInt8] = []
    /// Bytes of `input` before this index are handled.
    private var inputStart = 0
    /// Bytes of `input` from `inputStart` up to this index are known to contain no NUL.
    private var scannedUpTo = 0
    private var output: [UInt8] = []
    /// Bytes of `output` before this index are sent.
    private var outputStart = 0

    /// The peer sent end-of-stream; remaining complete messages are still answered.
    private(set) var inputClosed = false
    /// A protocol violation ended the connection; only the queued error reply is still sent.
    private(set) var isFailing = false
    /// While failing: input bytes still to be read and dropped, so that a client still sending its
    /// over-size message can finish and read the error instead of meeting a reset connection.
    private var discardBudget = 0
    /// While failing: the error reply is sent and the write side is shut down.
    private var sentFailure = false
    /// A call of a blocking method is running elsewhere (``BlockingCalls``); the next message waits
    /// for its reply, so replies keep call order.
    private(set) var awaitingReply = false
    /// A `more` call whose replies are still coming (``VarlinkStream``); the next message waits for
    /// its last reply. Cancelled when the connection closes.
    private(set) var openStream: VarlinkStream?
    /// The epoll interest currently registered, maintained by the loop.
    var registeredEvents: Epoll.Events = []
    /// The uid this connection counts against in the per-user limit; nil when it counts against none.
    var limitedUID: UInt32?
    /// CLOCK_MONOTONIC milliseconds of the last progress: accepted, bytes read or sent, a blocking
    /// call's reply queued. The loop closes a connection without progress for `idleTimeout`.
    private(set) var lastActivity: Int64
    /// CLOCK_MONOTONIC milliseconds since which the loop has seen this connection waiting for the
    /// rest of a message (``isWaitingForRestOfMessage``) with no message completed since; set by the
    /// loop's sweep, cleared whenever a message completes.
    var partialSince: Int64?

    init(descriptor: FileDescriptor, token: UInt64, peer: VarlinkPeer?, limits: VarlinkServer.Limits, now: Int64) {
        self.descriptor = descriptor
        self.token = token
        self.peer = peer
        self.limits = limits
        self.lastActivity = now
    }

    /// True when the only thing this connection waits for is the rest of a message the client has
    /// started: input after the last complete message, no call running, replies within their bound.
    var isWaitingForRestOfMessage: Bool {
        !isFailing && !inputClosed && !awaitingReply && openStream == nil && pendingReplyBytes <= limits.maxPendingReplyBytes
            && inputStart < input.count && !hasCompleteMessage
    }

    /// Reply bytes queued but not yet accepted by the kernel.
    var pendingReplyBytes: Int { output.count - outputStart }

    /// True when a complete message is buffered and not yet handled.
    var hasCompleteMessage: Bool {
        !isFailing && input[scannedUpTo...].contains(0)
    }

    /// True when a complete message can be handled now (none is waiting for a blocking call's reply).
    var canHandleMessage: Bool { !awaitingReply && openStream == nil && hasCompleteMessage }

    /// True while a call of this connection is still running: a blocking call, or a stream whose
    /// last reply has not come. Such a connection is not idle.
    var callInProgress: Bool { awaitingReply || openStream != nil }

    /// True when the connection should be read from now.
    var wantsRead: Bool {
        if isFailing { return !inputClosed && discardBudget > 0 }
        return !inputClosed && pendingReplyBytes <= limits.maxPendingReplyBytes && !hasCompleteMessage
    }

    var wantsWrite: Bool { pendingReplyBytes > 0 }

    /// True when there is nothing left to do and the connection should be closed.
    var isFinished: Bool {
        if isFailing { return sentFailure && (inputClosed || discardBudget <= 0) }
        return inputClosed && !awaitingReply && openStream == nil && !hasCompleteMessage && pendingReplyBytes == 0
    }

    /// Reads what is available (one recv(2) of at most `buffer.count` bytes).
    /// - Throws: ``SystemError`` for a broken connection (`ECONNRESET`, …); the caller closes it.
    func read(using buffer: UnsafeMutableRawBufferPointer) throws(SystemError) {
        guard let count = try descriptor.receive(into: buffer) else { return }
        lastActivity = EventLoop.monotonicMilliseconds()
        if count == 0 {
            inputClosed = true
            return
        }
        if isFailing {
            discardBudget -= count
            return
        }
        input.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }

    /// Handles up to `budget` complete messages in order, queueing their replies, while pending replies
    /// stay within `maxPendingReplyBytes` and CLOCK_MONOTONIC is before `deadline` (nanoseconds; the
    /// first message is always handled). A message longer than `maxMessageBytes` — complete or still
    /// without its NUL — queues `org.varlink.service.InvalidParameter {"parameter":"message"}` and fails
    /// the connection. A call of a blocking method goes to `blockingCalls` and ends the turn; the
    /// messages after it wait for ``finishBlockingCall(_:)``.
    ///
    /// A `more` call of a streaming method gets a stream from `streams` and is started here, or on
    /// `blockingCalls` for a blocking method; it also ends the turn, and the next message waits for
    /// the stream's last reply (``queueStreamReply(_:last:)``).
    ///
    /// A call of a concurrent method (``VarlinkInterface/concurrentMethods``: computes on a
    /// snapshot, never waits) is answered here, on this connection's loop: each core has a loop, so
    /// such calls of different connections still run side by side, without two thread hand-offs.
    /// `loop` is the index of the loop that owns this connection (where blocking replies go back).
    func handleMessages(
        with service: VarlinkService, budget: Int, deadline: UInt64, blockingCalls: BlockingCalls, streams: StreamReplies,
        loop: Int = 0
    ) {
        if callInProgress {
            // Nothing is handled, but a message growing past the limit still fails the connection.
            if !isFailing, input[scannedUpTo...].firstIndex(of: 0) == nil {
                scannedUpTo = input.count
                if input.count - inputStart > limits.maxMessageBytes { fail() }
            }
            return
        }
        var handled = 0
        while !isFailing, !callInProgress, handled < budget, pendingReplyBytes <= limits.maxPendingReplyBytes,
            handled == 0 || EventLoop.monotonicNanoseconds() < deadline
        {
            guard let end = input[scannedUpTo...].firstIndex(of: 0) else {
                scannedUpTo = input.count
                if input.count - inputStart > limits.maxMessageBytes { fail() }
                break
            }
            if end - inputStart > limits.maxMessageBytes {
                fail()
                break
            }
            // Decoded in place: the call keeps no reference to the input buffer.
            let start = inputStart
            let handling = input.withUnsafeBufferPointer { service.start(UnsafeBufferPointer(rebasing: $0[start..<end]), peer: peer, concurrentInline: true) }
            inputStart = end + 1
            scannedUpTo = inputStart
            handled += 1
            partialSince = nil
            switch handling {
            case .finished(let reply):
                if let reply { output.append(contentsOf: reply) }
            case .blocking(let method, let work):
                awaitingReply = true
                blockingCalls.run(for: token, loop: loop, method: method, uid: peer?.uid, work)
            case .streaming(let method, let blocking, let start):
                let stream = streams.stream(for: token)
                openStream = stream
                if blocking {
                    awaitingReply = true
                    blockingCalls.run(for: token, loop: loop, method: method, uid: peer?.uid) {
                        start(stream)
                        return nil
                    }
                } else {
                    start(stream)
                }
            }
        }
        compactInput()
    }

    /// Queues the reply of the blocking call this connection waited for (nil for `oneway`); its next
    /// message can then be handled.
    func finishBlockingCall(_ reply: [UInt8]?) {
        awaitingReply = false
        lastActivity = EventLoop.monotonicMilliseconds()
        if let reply, !isFailing { output.append(contentsOf: reply) }
    }

    /// Queues one reply of the open stream; after the `last` one the next message can be handled.
    /// - Returns: false when the client has left more than `maxStreamBacklogBytes` of earlier replies
    ///   unread: the reply is not queued, and the caller closes the connection (a client that falls
    ///   that far behind reconnects and starts from the current state).
    func queueStreamReply(_ reply: [UInt8], last: Bool) -> Bool {
        guard openStream != nil, !isFailing else { return true }
        if pendingReplyBytes > limits.maxStreamBacklogBytes { return false }
        output.append(contentsOf: reply)
        if last { openStream = nil }
        return true
    }

    /// Cancels the open stream, if any (the connection is closing).
    func cancelStream() {
        let stream = openStream
        openStream = nil
        stream?.cancel()
    }

    /// Sends as much queued output as the socket takes.
    /// - Throws: ``SystemError`` for a broken connection (`EPIPE`, `ECONNRESET`); the caller closes it.
    func flush() throws(SystemError) {
        while outputStart < output.count {
            let result = output.withUnsafeBytes { bytes in
                Result { () throws(SystemError) -> Int? in
                    try descriptor.send(UnsafeRawBufferPointer(rebasing: bytes[outputStart...]))
                }
            }
            guard let sent = try result.get() else { break }
            outputStart += sent
            if sent > 0 { lastActivity = EventLoop.monotonicMilliseconds() }
        }
        if outputStart == output.count && isFailing && !sentFailure {
            // The error is out: end our side so the client reads it and then end-of-stream.
            sentFailure = true
            _ = Glibc.shutdown(descriptor.rawValue, Int32(SHUT_WR))
        }
        if outputStart == output.count {
            // Keep a small buffer for the next replies; give a large one back.
            if output.capacity > 64 << 10 { output = [] } else { output.removeAll(keepingCapacity: true) }
            outputStart = 0
        }
    }

    /// Queues the over-size error and stops handling input. Once the error is sent the write side is
    /// shut down; the connection closes when the client closes, or after dropping up to two more
    /// `maxMessageBytes` of input it keeps sending.
    private func fail() {
        isFailing = true
        discardBudget = 2 * limits.maxMessageBytes
        output.append(contentsOf: invalidMessageReply)
        input = []
        inputStart = 0
        scannedUpTo = 0
    }

    /// Drops handled input once it is a sizeable part of the buffer.
    private func compactInput() {
        if inputStart == input.count {
            if input.capacity > 1 << 20 { input = [] } else { input.removeAll(keepingCapacity: true) }
            inputStart = 0
            scannedUpTo = 0
        } else if inputStart > 64 << 10 && inputStart > input.count / 2 {
            input.removeFirst(inputStart)
            scannedUpTo -= inputStart
            inputStart = 0
        }
    }
}

/// `{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"message"}}` and its NUL.
private let invalidMessageReply: [UInt8] = {
    let error = VarlinkError.invalidParameter("message")
    let reply: JSONObject = ["error": .string(error.name), "parameters": .object(error.parameters)]
    return JSON.object(reply).serializedBytes() + [0]
}()
