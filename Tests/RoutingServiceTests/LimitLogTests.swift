// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing

@testable import RoutingService

/// Limits that bite are logged without flooding the log, and the descriptor limit bounds the
/// connection cap.
@Suite struct LimitLogTests {
    final class Lines: @unchecked Sendable {
        var lines: [String] = []
    }

    @Test func aFloodIsOneLineThenACount() {
        let sink = Lines()
        var log = LimitLog(verbose: false) { level, text in sink.lines.append("\(level) \(text)") }
        for i in 0..<500 { log.report("uid 7", .warning, "refused uid 7", now: Int64(i)) }
        log.report("uid 8", .warning, "refused uid 8", now: 600)
        #expect(sink.lines == ["warning refused uid 7", "warning refused uid 8"])
        log.flush(now: 9_000)
        #expect(sink.lines.count == 2, "nothing more within the window")
        log.flush(now: 10_000)
        #expect(sink.lines.last == "warning 499 more like this in 10 s: refused uid 7")
        log.report("uid 7", .warning, "refused uid 7 again", now: 10_001)
        #expect(sink.lines.last == "warning refused uid 7 again", "a new window starts with a line")
        log.report("idle", .debug, "closed an idle connection", now: 10_002)
        #expect(!sink.lines.contains { $0.contains("idle") }, "debug lines only with --verbose")
    }

    @Test func theConnectionCapFitsTheDescriptorLimit() {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        var limits = VarlinkServer.Limits()
        limits.maxConnections = 16
        #expect(VarlinkServer.fitDescriptorLimit(limits, log: nil).maxConnections == 16)
        guard limit.rlim_max != rlim_t.max, limit.rlim_max < 1 << 30 else { return }
        limits.maxConnections = 1 << 30
        let fitted = VarlinkServer.fitDescriptorLimit(limits, log: nil)
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #expect(limit.rlim_cur == limit.rlim_max, "the soft limit is raised to the hard one")
        #expect(fitted.maxConnections == Int(limit.rlim_max) - VarlinkServer.reservedDescriptors)
    }
}
