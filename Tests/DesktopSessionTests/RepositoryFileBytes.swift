// SPDX-License-Identifier: Apache-2.0
import TestSupport

/// Repository files the tests read.
enum RepositoryFileBytes {
    /// systemd/routingd-open.desktop.
    static var entry: [UInt8]? { RepositoryFile.bytes("systemd/routingd-open.desktop") }
}
