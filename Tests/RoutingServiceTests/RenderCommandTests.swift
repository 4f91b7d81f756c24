// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing
import TestSupport

/// `routingctl render` as a person runs it: where the map goes, the exit statuses, the errors.
/// (What the map shows is CoverageRenderTests'; .ci/render_check.py converts and looks at it.)
@Suite struct RenderCommandTests {
    static func scratch() -> String {
        var template = Array("/tmp/routingd-render-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func render(_ arguments: [String], in directory: String, path: String = "/usr/bin:/bin") -> OpenCommandTests.Run {
        OpenCommandTests.run(
            [OpenCommandTests.routingctlPath, "render"] + arguments,
            environment: ["PATH=\(path)", "LANG=C.UTF-8", "HOME=\(directory)", "XDG_DATA_HOME=\(directory)/data",
                          "XDG_RUNTIME_DIR=\(directory)/run"],
            outputIn: directory, workingDirectory: RepositoryFile.root)
    }

    @Test func writesTheSVGAtomicallyAndTheSameToStandardOutput() throws {
        let dir = Self.scratch()
        let run = Self.render(["Coverage/London.geojson", "-o", dir + "/london.svg"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote \(dir)/london.svg"))
        let file = try #require(RepositoryFile.bytes(dir + "/london.svg"))
        #expect(file.starts(with: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg".utf8)))
        let piped = Self.render(["--output", "-", "Coverage/London.geojson"], in: dir)
        #expect(piped.status == 0)
        #expect(Array(piped.stdout.utf8) == file, "standard output gets the same bytes")
    }

    @Test func usageErrors() {
        let dir = Self.scratch()
        for (arguments, message) in [
            (["Coverage/London.geojson"], "render needs -o FILE.svg"),
            (["Coverage/London.geojson", "-o", dir + "/map.txt"], "must end in .svg or .png"),
            (["Coverage/London.geojson", "--width", "10", "-o", dir + "/m.svg"], "--width '10'"),
            (["-o", dir + "/m.svg"], "render needs coverage FILEs or --app ID"),
            (["Coverage/London.geojson", "--profile", "osm", "-o", dir + "/m.svg"], "unknown profile 'osm'"),
            (["Coverage/London.geojson", "--request", "https://example.org/", "-o", dir + "/m.svg"], "--request: cannot parse the link"),
            ([dir + "/absent.geojson", "-o", dir + "/m.svg"], "absent.geojson: cannot read"),
        ] {
            let run = Self.render(arguments, in: dir)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(access(dir + "/m.svg", F_OK) != 0, "nothing written after a usage error")
    }

    @Test func aFileWithNothingToDrawIsStatusOneButTheMapIsWritten() throws {
        let dir = Self.scratch()
        let broken = dir + "/broken.geojson"
        let file = try #require(fopen(broken, "w"))
        fputs("{\"type\": \"MultiPolygon\", ", file)
        fclose(file)
        let run = Self.render([broken, "Coverage/Paris.geojson", "-o", dir + "/m.svg"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("note: \(broken): nothing to draw"))
        #expect(RepositoryFile.bytes(dir + "/m.svg") != nil)
    }

    @Test func pngWithoutRsvgConvertSaysWhatToInstall() {
        let dir = Self.scratch()
        let run = Self.render(["Coverage/London.geojson", "-o", dir + "/m.png"], in: dir, path: dir + "/no-such-dir")
        #expect(run.status == 2)
        #expect(run.stderr.contains("rsvg-convert") && run.stderr.contains("librsvg2-bin"), "\(run.stderr)")
        #expect(access(dir + "/m.png", F_OK) != 0)
    }

    @Test func appFromTheDirectoriesReadHere() throws {
        let dir = Self.scratch()
        let run = Self.render(["--app", "BayArea", "--offline", "--coverage", "Coverage", "-o", dir + "/m.svg"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let svg = String(decoding: try #require(RepositoryFile.bytes(dir + "/m.svg")), as: UTF8.self)
        #expect(svg.contains("<title>Coverage map: BayArea (Coverage/BayArea.geojson)</title>"))
        let unknown = Self.render(["--app", "Pariss", "--offline", "--coverage", "Coverage", "-o", dir + "/n.svg"], in: dir)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no routing app 'Pariss'") && unknown.stderr.contains("did you mean 'Paris'?"), "\(unknown.stderr)")
    }
}
