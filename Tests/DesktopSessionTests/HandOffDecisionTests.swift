// SPDX-License-Identifier: Apache-2.0
import DesktopSession
import RoutingCore
import Testing

@Suite struct HandOffDecisionTests {
    static func preflight(_ link: String) -> HandOffDecision.Preflight {
        var error: DirectionsURLError? = nil
        do { _ = try DirectionsURLParser().parseLink(link) } catch let e { error = e }
        return HandOffDecision.preflight(link: link, parse: error)
    }

    @Test func schemes() {
        #expect(HandOffDecision.scheme(of: "GEO:1,2") == "geo")
        #expect(HandOffDecision.scheme(of: "osmand.api://x") == "osmand.api")
        #expect(HandOffDecision.scheme(of: "ge0://abc") == "ge0")
        #expect(HandOffDecision.scheme(of: "0geo:1,2") == nil)
        #expect(HandOffDecision.scheme(of: "no scheme") == nil)
        #expect(HandOffDecision.scheme(of: ":x") == nil)
        #expect(HandOffDecision.scheme(of: "g\u{037E}o:1") == nil)  // not a scheme character, whatever it resembles
    }

    @Test func directionsLinksAreRouted() {
        #expect(Self.preflight("geo:48.8584,2.2945") == .route)
        #expect(Self.preflight("https://www.google.com/maps/dir/?api=1&destination=48.8584,2.2945") == .route)
    }

    @Test func aMapsSearchGoesToThePreviousHandlerWithANotification() {
        guard case .handOff(let reason, let notify) = Self.preflight("maps:q=Cafe") else {
            Issue.record("maps:q=Cafe was routed")
            return
        }
        #expect(notify && reason.hasPrefix("not a directions link: "))
    }

    @Test func webLinksThatAreNotMapLinksGoToTheBrowserSilently() {
        #expect(Self.preflight("https://example.org/a?b=c") == .handOff(reason: "not a map link", notify: false))
        // Issue 17: a map view is now a destination (approximate), so it is routed; a Google map
        // link without a centre still names no place and goes to the browser.
        #expect(Self.preflight("https://www.google.com/maps/@51.5007,-0.1246,17z") == .route)
        guard case .handOff(let reason, let notify) = Self.preflight("https://www.google.com/maps/@?api=1&map_action=map&zoom=13") else {
            Issue.record("a Google map link without a centre was routed")
            return
        }
        #expect(!notify && reason.hasPrefix("a map link that is not a route"))
    }

    @Test func theMainReason() {
        typealias R = HandOffDecision.Verdict.Reason
        let london = HandOffDecision.Verdict(id: "l", name: "London", eligible: false, reasons: [
            R(rule: "mode-not-supported", message: "l does not serve the Car mode"),
            R(rule: "outside-coverage", message: "destination is outside the coverage of l"),
        ])
        let cab = HandOffDecision.Verdict(id: "c", name: "Cab", eligible: false, reasons: [
            R(rule: "outside-coverage", message: "destination is outside the coverage of c"),
        ])
        let paris = HandOffDecision.Verdict(id: "p", name: "Paris", eligible: nil, reasons: [
            R(rule: "current-location-unknown", message: "source is the current location, which is not known"),
        ])
        #expect(HandOffDecision.mainReason([], currentLocationUnknown: false) == "there are no routing apps installed")
        #expect(HandOffDecision.mainReason([london], currentLocationUnknown: false) == "London: l does not serve the Car mode")
        // The rule that rules out the most apps, in the words of the first app it rules out.
        #expect(HandOffDecision.mainReason([london, cab], currentLocationUnknown: false)
            == "no app can serve it (London: destination is outside the coverage of l)")
        #expect(HandOffDecision.mainReason([london, cab, paris], currentLocationUnknown: true)
            == "the route starts or ends at the current location, which is unknown")
        #expect(HandOffDecision.mainReason([HandOffDecision.Verdict(id: "x", name: "X", eligible: false, reasons: [R(rule: "r", message: "a\nb")])], currentLocationUnknown: false)
            == "X: a\\nb")
        #expect(HandOffDecision.mainReason([HandOffDecision.Verdict(id: "x", name: "X", eligible: false, reasons: [])], currentLocationUnknown: false)
            == "X: not eligible")
    }

    @Test func notificationText() {
        let with = HandOffDecision.notification(reason: "no app covers it", handler: "GNOME Maps")
        #expect(with.summary == "No routing app can open this link" && with.body == "Opened in GNOME Maps instead: no app covers it")
        #expect(HandOffDecision.notification(reason: "r", handler: nil).body.hasPrefix("r. No other handler"))
    }

    @Test func entriesThatRunRoutingctlAreRecognised() {
        #expect(HandOffDecision.execRunsRoutingctl("routingctl open %u"))
        #expect(HandOffDecision.execRunsRoutingctl("/usr/local/bin/routingctl open %u"))
        #expect(HandOffDecision.execRunsRoutingctl("\"/opt/x/routingctl\" open %u"))
        #expect(!HandOffDecision.execRunsRoutingctl("gnome-maps %u"))
        #expect(!HandOffDecision.execRunsRoutingctl(""))
    }
}

@Suite struct AppChooserTests {
    static let entries = [
        AppChooser.Entry(id: "a", name: "Paris Cab; $(rm -rf ~)", undetermined: false),
        AppChooser.Entry(id: "b", name: "Paris \"Walk\"", undetermined: false),
        AppChooser.Entry(id: "c", name: "Europe", undetermined: true),
    ]

    @Test func whenToShowTheList() {
        let x = ["DISPLAY": ":0"]
        #expect(AppChooser.shouldShow(eligible: 2, environment: x, stdinIsTerminal: false, stdoutIsTerminal: false))
        #expect(AppChooser.shouldShow(eligible: 2, environment: ["WAYLAND_DISPLAY": "wayland-0"], stdinIsTerminal: false, stdoutIsTerminal: false))
        #expect(!AppChooser.shouldShow(eligible: 1, environment: x, stdinIsTerminal: false, stdoutIsTerminal: false))
        #expect(!AppChooser.shouldShow(eligible: 3, environment: [:], stdinIsTerminal: false, stdoutIsTerminal: false))
        #expect(!AppChooser.shouldShow(eligible: 3, environment: ["DISPLAY": ""], stdinIsTerminal: false, stdoutIsTerminal: false))
        #expect(!AppChooser.shouldShow(eligible: 3, environment: x, stdinIsTerminal: true, stdoutIsTerminal: false))
        #expect(!AppChooser.shouldShow(eligible: 3, environment: x, stdinIsTerminal: false, stdoutIsTerminal: true))
    }

    @Test func zenityArgvHasEachAppAsOneArgument() {
        let argv = AppChooser.argv(.zenity, entries: Self.entries, text: "Pick")
        #expect(argv.prefix(2) == ["zenity", "--list"])
        #expect(argv.contains("--hide-column=1") && argv.contains("--print-column=1") && argv.contains("--text=Pick"))
        #expect(Array(argv.suffix(6)) == ["1", "Paris Cab; $(rm -rf ~)", "2", "Paris \"Walk\"", "3", "Europe (undetermined: may not cover the route)"])
    }

    @Test func kdialogArgv() {
        let argv = AppChooser.argv(.kdialog, entries: Array(Self.entries.prefix(2)), title: "T", text: "Pick")
        #expect(argv == ["kdialog", "--title", "T", "--menu", "Pick", "1", "Paris Cab; $(rm -rf ~)", "2", "Paris \"Walk\""])
    }

    @Test func readingTheAnswer() {
        #expect(AppChooser.answer(status: 0, output: Array("2\n".utf8), count: 3) == .chosen(1))
        #expect(AppChooser.answer(status: 0, output: Array("3|3\n".utf8), count: 3) == .chosen(2))
        #expect(AppChooser.answer(status: 1, output: [], count: 3) == .cancelled)  // Cancel, Escape
        #expect(AppChooser.answer(status: 0, output: [], count: 3) == .cancelled)  // OK with nothing selected
        #expect(AppChooser.answer(status: 0, output: Array("4\n".utf8), count: 3) == .cancelled)
        #expect(AppChooser.answer(status: 0, output: Array("x\n".utf8), count: 3) == .cancelled)
        #expect(AppChooser.answer(status: 255, output: [], count: 3) == .failed(status: 255))  // e.g. no display
    }

    @Test func preferences() {
        let prefs = ChooserPreferences(Array("# mine\nPreferredApp=org.example.ParisWalk\n\nPreferredApp = org.example.Cab\nColour=blue\nnonsense\n".utf8))
        #expect(prefs.preferredApps == ["org.example.ParisWalk", "org.example.Cab"])
        #expect(prefs.problems == ["line 5: unknown key 'Colour' (known: PreferredApp)", "line 6: expected Key=Value"])
        #expect(prefs.preferred(among: ["org.example.Cab", "org.example.ParisWalk"]) == 1)
        #expect(prefs.preferred(among: ["org.example.Cab"]) == 0)
        #expect(prefs.preferred(among: ["other"]) == nil)
    }
}
