// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RoutingCore

@Suite struct FileNameSuggestionTests {
    let names = ["London.geojson", "Paris.geojson", "Paris.routingapp", "Lyon.geojson", ".London.geojson.swp", "README"]

    @Test(arguments: [
        ("london.geojson", "London.geojson"),  // case only
        ("LONDON.GEOJSON", "London.geojson"),
        ("Lodnon.geojson", "London.geojson"),  // two letters swapped: distance 2
        ("Londn.geojson", "London.geojson"),
        ("Paris.geojsn", "Paris.geojson"),
        ("Pari.geojson", "Paris.geojson"),
    ])
    func aNearNameIsSuggested(_ wanted: String, _ expected: String) {
        #expect(FileNameSuggestion.closest(to: wanted, among: names) == expected)
    }

    @Test(arguments: [
        "Berlin.geojson",  // nothing near
        "London.geojson",  // the name itself is no suggestion
        "RE",  // too short for any typo
        "Paris",  // 8 edits from Paris.geojson
    ])
    func nothingFarIsSuggested(_ wanted: String) {
        #expect(FileNameSuggestion.closest(to: wanted, among: names) == nil)
    }

    @Test func aTieSuggestsNothing() {
        #expect(FileNameSuggestion.closest(to: "Pxris.geojson", among: ["Paris.geojson", "Poris.geojson"]) == nil)
    }

    @Test func hiddenFilesAreNeverSuggested() {
        #expect(FileNameSuggestion.closest(to: ".london.geojson.swp", among: names) == nil)
    }
}
