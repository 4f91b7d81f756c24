// SPDX-License-Identifier: Apache-2.0
import RoutingCore

/// The outcome of one `routingctl validate` run over several files: the summary line and the exit
/// status.
public struct ValidationSummary: Hashable, Sendable {
    /// Files named on the command line.
    public var files = 0
    /// Files read and valid (warnings and notes allowed).
    public var valid = 0
    /// Files read and invalid (some error).
    public var invalid = 0
    /// Files that could not be read.
    public var unreadable = 0
    /// Warnings over all files read.
    public var warnings = 0

    public init(_ checked: [CheckedFile]) {
        files = checked.count
        for file in checked {
            switch file.outcome {
            case .unreadable:
                unreadable += 1
            case .checked(_, let validation):
                if validation.isValid { valid += 1 } else { invalid += 1 }
                warnings += validation.diagnostics.count { $0.severity == .warning }
            case .manifest(_, let diagnostics):
                if diagnostics.contains(where: { $0.severity == .error }) { invalid += 1 } else { valid += 1 }
                warnings += diagnostics.count { $0.severity == .warning }
            }
        }
    }

    /// The exit status contract of `routingctl validate`: 2 when a file could not be read (an I/O
    /// error), else 1 when any file is invalid, else 0 (warnings allowed).
    public var exitStatus: Int32 {
        unreadable > 0 ? 2 : invalid > 0 ? 1 : 0
    }

    /// `3 files checked: 2 valid, 1 not valid or unreadable, 4 warnings`.
    public var text: String {
        let notValid = files - valid
        return "\(files) file\(files == 1 ? "" : "s") checked: \(valid) valid, \(notValid) not valid or unreadable, \(warnings) warning\(warnings == 1 ? "" : "s")"
    }
}
