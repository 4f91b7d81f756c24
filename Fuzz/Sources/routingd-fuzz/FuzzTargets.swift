// SPDX-License-Identifier: Apache-2.0
import Glibc

/// One fuzz target: a name for the command line and the function libFuzzer calls with each input.
struct FuzzTarget: Sendable {
    var name: String
    var summary: String
    /// Runs once before fuzzing (builds shared state so that its cost is not in every input).
    var setUp: (@Sendable () -> Void)?
    /// Checks one input; a broken property calls ``FuzzCheck/fail(_:)``, which aborts.
    var run: @Sendable ([UInt8]) -> Void
}

enum FuzzTargets {
    /// Every target, in the order `scripts/fuzz` runs them.
    static let all: [FuzzTarget] = [
        LinkParserTarget.lenient, LinkParserTarget.strict, LinkRoundTripTarget.target,
        CoverageFixTarget.target, ManifestTarget.target, PropertyListTarget.target, VarlinkTarget.target,
    ]

    /// The target this process runs (set once, before libFuzzer starts).
    nonisolated(unsafe) static var selected: FuzzTarget?
}

/// How a target reports a broken property: a message on stderr, then abort(), so libFuzzer records
/// the input as a crash (with `-sanitize=address` the report carries the stack).
enum FuzzCheck {
    static func fail(_ message: String) -> Never {
        printError("routingd-fuzz: property failed: \(message)\n")
        abort()
    }

    /// Writes `text` to standard error (unbuffered, so it is there before an abort).
    static func printError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// `text` on one line: control characters and backslashes as `\u{…}` escapes.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar == "\\" {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The input as Swift source text, for messages: `"…"` with escapes.
    static func quoted(_ bytes: [UInt8]) -> String {
        "\"" + escaped(String(decoding: bytes, as: UTF8.self)) + "\" (\(bytes.count) bytes)"
    }
}
