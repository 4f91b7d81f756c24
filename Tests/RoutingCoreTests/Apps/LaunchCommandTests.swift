// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import DirectionsLinks
@testable import RoutingCore

/// Placeholder substitution: each placeholder fills (part of) exactly one argv element, never split,
/// never quoted for a shell; unknown ones are refused with their position.
@Suite struct LaunchCommandTests {
    static let westminsterAbbey = Coordinate(latitude: 51.500543, longitude: -0.135702)
    static let bigBen = Coordinate(latitude: 51.500652, longitude: -0.124833)

    /// Westminster Abbey → Big Ben on foot.
    let walk = DirectionsRequest(
        source: .coordinate(westminsterAbbey, label: nil), destination: .coordinate(bigBen, label: "Big Ben"),
        mode: .pedestrian)
    /// From the current location to Big Ben, no mode.
    let fromHere = DirectionsRequest(destination: .coordinate(bigBen, label: nil))

    func argv(_ exec: [String]?, _ format: LinkFormat? = nil, _ request: DirectionsRequest? = nil,
              link: String = "geo:51.500652,-0.124833", here: Coordinate? = nil) throws(LaunchError) -> [String] {
        try LaunchCommand.argv(
            exec: exec, linkFormat: format, appID: "org.example.Test",
            request: request ?? walk, link: link, currentLocation: here)
    }

    @Test func everyPlaceholder() throws {
        #expect(try argv(["londonbus", "--from", "%s", "--to", "%d", "--mode=%m", "%u", "100%%"]) == [
            "londonbus", "--from", "51.500543,-0.135702", "--to", "51.500652,-0.124833", "--mode=Pedestrian",
            "geo:51.500652,-0.124833", "100%",
        ])
    }

    @Test func linkIsBuiltInTheAppsFormat() throws {
        let built = try DirectionsLinkBuilder.build(walk, as: .google).url
        #expect(try argv(["/usr/bin/app", "%u"], .google) == ["/usr/bin/app", built])
        #expect(built.hasPrefix("https://www.google.com/maps/dir/?api=1&origin=51.500543"))
    }

    @Test func noExecMeansXdgOpenOfTheBuiltLink() throws {
        let built = try DirectionsLinkBuilder.build(walk, as: .osmAnd).url
        #expect(try argv(nil, .osmAnd) == ["xdg-open", built])
    }

    @Test func noExecNoLinkFormatIsNoLaunchCommand() {
        #expect(throws: LaunchError.self) { try argv(nil) }
        do { _ = try argv(nil) } catch { #expect(error.code == .noLaunchCommand) }
    }

    @Test func currentLocationIsTheDaemonsWhenKnownElseTheElementIsDropped() throws {
        #expect(try argv(["app", "--from=%s", "%d"], nil, fromHere, here: Self.westminsterAbbey)
            == ["app", "--from=51.500543,-0.135702", "51.500652,-0.124833"])
        // Unknown: the whole element goes, so "--from=%s" vanishes with its value…
        #expect(try argv(["app", "--from=%s", "%d"], nil, fromHere) == ["app", "51.500652,-0.124833"])
        // …and "--from %s" keeps a bare --from (documented: write --from=%s).
        #expect(try argv(["app", "--from", "%s", "%d"], nil, fromHere) == ["app", "--from", "51.500652,-0.124833"])
    }

    @Test func noModeDropsTheModeElement() throws {
        #expect(try argv(["app", "--mode=%m", "%d"], nil, fromHere) == ["app", "51.500652,-0.124833"])
        let transit = DirectionsRequest(destination: .coordinate(Self.bigBen, label: nil), transportType: .transit)
        #expect(try argv(["app", "%m"], nil, transit) == ["app"])
        let tram = DirectionsRequest(destination: .coordinate(Self.bigBen, label: nil), mode: .streetCar)
        #expect(try argv(["app", "%m"], nil, tram) == ["app", "StreetCar"])
    }

    @Test func addressHasNoCoordinate() throws {
        let toAddress = DirectionsRequest(source: .coordinate(Self.westminsterAbbey, label: nil), destination: .address("10 Downing Street"))
        #expect(try argv(["app", "%s", "%d"], nil, toAddress) == ["app", "51.500543,-0.135702"])
    }

    /// The safety property: whatever the link carries stays in one element, byte for byte.
    @Test(arguments: [
        "geo:0,0?q=1;touch /tmp/x",
        "geo:0,0?q=$(touch /tmp/x)",
        "geo:0,0?q=`touch /tmp/x`",
        "geo:0,0?q='; rm -rf ~; echo '",
        "geo:0,0?q=\"a b\" c",
        "geo:0,0?q=a%0Atouch%20/tmp/x",
        "geo:0,0?q=a\nb",
        "geo:0,0?q= %u %s %% %x",
    ])
    func hostileLinkStaysOneElement(_ link: String) throws {
        #expect(try argv(["/bin/echo", "%u"], link: link) == ["/bin/echo", link])
        #expect(try argv(["/bin/echo", "--link=%u", "x"], link: link) == ["/bin/echo", "--link=" + link, "x"])
    }

    @Test func unknownPlaceholderNamesItAndItsPosition() {
        do {
            _ = try argv(["app", "--to", "x%d%f"])
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .unknownPlaceholder)
            #expect(error.placeholder == "%f")
            #expect(error.argument == 2)
            #expect(error.offset == 3)
            #expect(error.message.contains("%f"))
        }
    }

    @Test func desktopEntryFieldCodesAreNotExpanded() {
        for code in ["%U", "%f", "%F", "%i", "%c", "%k"] {
            do {
                _ = try argv(["app", code])
                Issue.record("\(code) accepted")
            } catch {
                #expect(error.code == .unknownPlaceholder)
                #expect(error.placeholder == code)
            }
        }
    }

    @Test func danglingPercent() {
        do {
            _ = try argv(["app", "50%"])
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .danglingPercent)
            #expect(error.argument == 1)
            #expect(error.offset == 2)
        }
    }

    @Test func placeholderInTheProgramIsRefused() {
        do {
            _ = try argv(["%u"])
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .placeholderInProgram)
            #expect(error.argument == 0)
            #expect(error.offset == 0)
        }
        do { _ = try argv([]) } catch { #expect(error.code == .emptyCommand) }
        do { _ = try argv([""]) } catch { #expect(error.code == .emptyCommand) }
    }

    @Test func requestTheFormatCannotCarry() {
        // A geo: URI names only a destination: a route from elsewhere cannot be written.
        do {
            _ = try argv(["app", "%u"], .geo)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .cannotBuildLink)
            #expect(error.message.contains("geo"))
        }
    }

    @Test func appOverloadUsesTheAppsFields() throws {
        let coverage = try #require(CoverageValidator.validate(Array("""
            {"type":"MultiPolygon","coordinates":[[[[-1,51],[1,51],[1,52],[-1,52],[-1,51]]]]}
            """.utf8)).coverage)
        let app = RoutingApp(id: "London", coverage: coverage, exec: ["londonbus", "%d", "%u"], linkFormat: .geo)
        #expect(try LaunchCommand.argv(for: app, request: fromHere, link: "ignored", currentLocation: nil)
            == ["londonbus", "51.500652,-0.124833", "geo:51.500652,-0.124833"])
    }
}
