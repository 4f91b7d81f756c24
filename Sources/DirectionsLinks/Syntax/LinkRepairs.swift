// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Repairs found below the format parsers, in shared syntax code (``DirectionsURLParser/CoordinateText``,
/// ``LinkInput/decimal``) that has no ``ParseContext`` at hand: `.5` read as 0.5, a third value after a
/// `lat,lon` pair dropped. One log per thread (a parse runs on one thread, start to end); the parser
/// opens it around a format's `parse` and turns what was noted into warnings (strict mode: the first
/// one into the error). Outside a parse nothing is repaired: the syntax code then keeps its strict reading.
final class LinkRepairLog {
    /// How many parses are open on this thread (a nested link parses inside its outer one).
    /// Unchecked exclusivity: one thread owns the log, and a dynamic check on every parse costs ~150 instructions.
    @exclusivity(unchecked) private var depth = 0
    /// What was repaired, unescaped (``ParseContext/repair(_:_:parameter:)`` makes the warning).
    private struct Note: Equatable {
        let code: DirectionsURLError.Code
        let parameter: String?
        let message: String
        let bareDecimal: Bool
    }
    @exclusivity(unchecked) private var notes: [Note] = []

    /// The thread's log, made on the thread's first parse and released with the thread.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<LinkRepairLog>.fromOpaque(pointer).release() }
        }
        precondition(status == 0, "pthread_key_create failed")
        return key
    }()

    /// This thread's log (made when first needed).
    static var current: LinkRepairLog {
        if let pointer = pthread_getspecific(key) { return Unmanaged<LinkRepairLog>.fromOpaque(pointer).takeUnretainedValue() }
        let log = LinkRepairLog()
        pthread_setspecific(key, Unmanaged.passRetained(log).toOpaque())
        return log
    }

    /// Whether a parse is open on this thread, so that shared syntax code may repair.
    static var isActive: Bool {
        guard let pointer = pthread_getspecific(key) else { return false }
        return Unmanaged<LinkRepairLog>.fromOpaque(pointer).takeUnretainedValue().depth > 0
    }

    /// Notes a repair made by shared syntax code; false (nothing may be repaired) outside a parse.
    @inline(never)
    static func note(_ code: DirectionsURLError.Code, _ parameter: String?, _ message: String, bareDecimal: Bool = false) -> Bool {
        guard let pointer = pthread_getspecific(key) else { return false }
        let log = Unmanaged<LinkRepairLog>.fromOpaque(pointer).takeUnretainedValue()
        guard log.depth > 0 else { return false }
        let note = Note(code: code, parameter: parameter, message: message, bareDecimal: bareDecimal)
        // The same value may be read twice (a quick pass, then the full one): one warning.
        if !log.notes.contains(note) { log.notes.append(note) }
        return true
    }

    /// Runs `body` (a format's parse) with the log open; appends what was noted to `context`'s
    /// warnings, or in strict mode throws the first as the error. Notes of a parse that throws are dropped.
    static func collecting(
        _ context: inout ParseContext, _ body: (inout ParseContext) throws(DirectionsURLError) -> DirectionsRequest
    ) throws(DirectionsURLError) -> DirectionsRequest {
        let log = current
        let mark = log.notes.count
        log.depth &+= 1
        defer {
            log.depth &-= 1
            if log.notes.count > mark { log.notes.removeSubrange(mark...) }
        }
        let request = try body(&context)
        if log.notes.count > mark {
            // Schema-wide typo notes only where the format found none of its own (``ParameterSchema/noteLikelyTypos(_:)``).
            let ownTypos = context.warnings.contains { $0.code == .likelyTypo }
            // A `.5` read by a bare number reader (no parameter) and again in its pair (a parameter): one warning.
            let namedBare = log.notes[mark...].contains { $0.bareDecimal && $0.parameter != nil }
            for note in log.notes[mark...] where !(ownTypos && note.code == .likelyTypo) && !(namedBare && note.bareDecimal && note.parameter == nil) {
                try context.repair(note.code, note.message, parameter: note.parameter)
            }
        }
        return request
    }
}
