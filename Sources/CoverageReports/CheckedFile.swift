// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// One file that `routingctl validate` was asked to check, and what came of it.
public struct CheckedFile: Sendable {
    /// Read and validated, or not readable.
    public enum Outcome: Sendable {
        /// The file was read (`length` bytes) and validated.
        case checked(length: Int, validation: CoverageValidation)
        /// The file could not be read; the message says why (e.g. `x.geojson: No such file or directory`).
        case unreadable(message: String)
        /// A `*.routingapp` manifest was read (`length` bytes) and parsed; its problems as
        /// diagnostics (``RoutingCore/ManifestProblem/diagnostic(source:)``). Valid when none is an error.
        case manifest(length: Int, diagnostics: [Diagnostic])
    }

    /// The path as given on the command line; `-` is standard input.
    public var path: String
    /// What came of it.
    public var outcome: Outcome

    public init(path: String, outcome: Outcome) {
        self.path = path
        self.outcome = outcome
    }
}
