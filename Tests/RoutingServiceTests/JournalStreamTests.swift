// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing
@testable import RoutingService

/// `JOURNAL_STREAM` (systemd.exec(5)) and the `<N>` priority prefixes of sd-daemon(3).
@Suite struct JournalStreamTests {
    @Test func valuesAreDeviceColonInode() {
        #expect(JournalStream.parse("8:12345") == .init(device: 8, inode: 12345))
        for bad in ["", "8", "8:", ":1", "8:1:2", "a:b", "-1:2"] {
            #expect(JournalStream.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func itMatchesOnlyTheStreamItNames() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var status = stat()
        try #require(fstat(ends[1], &status) == 0)
        let value = "\(status.st_dev):\(status.st_ino)"
        #expect(JournalStream.matches(value, descriptor: ends[1]))
        #expect(!JournalStream.matches("\(status.st_dev):\(status.st_ino + 1)", descriptor: ends[1]))
        #expect(!JournalStream.matches(nil, descriptor: ends[1]))
        #expect(!JournalStream.matches("garbage", descriptor: ends[1]))
    }

    @Test func journalLinesCarryTheirPriority() {
        #expect(Log.format(.error, "cannot listen", program: "routingd", journal: true) == "<3>cannot listen\n")
        #expect(Log.format(.warning, "w", program: "routingd", journal: true) == "<4>w\n")
        #expect(Log.format(.info, "a\nb", program: "routingd", journal: true) == "<6>a\\nb\n")  // one message, one line
        #expect(Log.format(.debug, "d", program: "routingd", journal: true) == "<7>d\n")
        #expect(Log.format(.info, "up", program: "routingd", journal: false) == "routingd: up\n")
    }
}
