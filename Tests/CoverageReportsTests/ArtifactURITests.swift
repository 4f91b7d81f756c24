// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import CoverageReports

@Suite struct ArtifactURITests {
    @Test func relativePathsStayRelativeAndArePercentEncoded() {
        #expect(ArtifactURI.reference(forPath: "Coverage/London.geojson") == "Coverage/London.geojson")
        #expect(ArtifactURI.reference(forPath: "../x/y_z-1.geojson") == "../x/y_z-1.geojson")
        #expect(ArtifactURI.reference(forPath: "my app #2?.geojson") == "my%20app%20%232%3F.geojson")
        #expect(ArtifactURI.reference(forPath: "100%.geojson") == "100%25.geojson")
        // A colon would make the first segment look like a URI scheme.
        #expect(ArtifactURI.reference(forPath: "c:coverage.geojson") == "c%3Acoverage.geojson")
        // Non-ASCII as UTF-8 bytes.
        #expect(ArtifactURI.reference(forPath: "Zürich.geojson") == "Z%C3%BCrich.geojson")
        #expect(ArtifactURI.isRelative("a.geojson"))
    }

    @Test func absolutePathsAreFileURIs() {
        #expect(ArtifactURI.reference(forPath: "/srv/routing apps/a.geojson") == "file:///srv/routing%20apps/a.geojson")
        #expect(ArtifactURI.fileURI(forAbsolutePath: "/home/admin/") == "file:///home/admin/")
        #expect(!ArtifactURI.isRelative("/a.geojson"))
    }

    @Test func standardInput() {
        #expect(ArtifactURI.reference(forPath: "-") == "stdin")
        #expect(!ArtifactURI.isRelative("-"))
        // A file really called "stdin" keeps its base.
        #expect(ArtifactURI.isRelative("stdin"))
    }

    @Test func formatNames() {
        #expect(ReportFormat(name: "sarif") == .sarif)
        #expect(ReportFormat(name: "SARIF") == nil)
        #expect(ReportFormat(name: "geojson") == .geojson)
        #expect(ReportFormat.names == "gcc, json, sarif or geojson")
    }
}
