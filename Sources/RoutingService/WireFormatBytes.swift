// SPDX-License-Identifier: Apache-2.0
import RoutingCore
import StrictJSON

/// The `Resolve` and `DecideApps` replies written straight as bytes (``JSONByteWriter``): the
/// members of ``WireFormat/resolveReply(_:verdicts:explain:unlisted:)`` and the reply's
/// `currentLocation`, in the same order, with the same number forms and escapes, so the bytes are
/// exactly those of `JSON.object(reply).serializedBytes()` (a test compares them), without building
/// a ``JSONObject`` per reply, per endpoint and per verdict. The JSON-value encoders in
/// ``WireFormat`` stay the definition (and serve `routingctl --offline`); these follow them.
extension WireFormat {
    /// The `Resolve` reply parameters, `{"request":…,"format":…,"warnings":[…],"apps":[…],
    /// "ineligible":N,"currentLocation":L}`, appended to `out`; `currentLocation` is L's compact
    /// JSON text.
    public static func writeResolveReply(
        _ parsed: ParsedLink, verdicts: [AppVerdict], explain: Bool, unlisted: Int, currentLocation: [UInt8],
        to out: inout JSONByteWriter
    ) {
        out.beginObject()
        out.member("request")
        write(parsed.request, to: &out)
        out.member("format")
        out.string(parsed.format.rawValue)
        out.member("warnings")
        out.beginArray()
        for warning in parsed.warnings {
            out.element()
            write(warning, to: &out)
        }
        out.endArray()
        writeVerdictMembers(verdicts, explain: explain, unlisted: unlisted, to: &out)
        out.member("currentLocation")
        out.text(currentLocation)
        out.endObject()
    }

    /// The `DecideApps` reply parameters, `{"request":…,"apps":[…],"ineligible":N,"currentLocation":L}`,
    /// appended to `out`.
    public static func writeDecideReply(
        request: DirectionsRequest, verdicts: [AppVerdict], explain: Bool, unlisted: Int, currentLocation: [UInt8],
        to out: inout JSONByteWriter
    ) {
        out.beginObject()
        out.member("request")
        write(request, to: &out)
        writeVerdictMembers(verdicts, explain: explain, unlisted: unlisted, to: &out)
        out.member("currentLocation")
        out.text(currentLocation)
        out.endObject()
    }

    /// The `apps` and `ineligible` members (``verdictMembers(_:explain:unlisted:)``).
    static func writeVerdictMembers(_ verdicts: [AppVerdict], explain: Bool, unlisted: Int, to out: inout JSONByteWriter) {
        var ineligible = unlisted
        out.member("apps")
        out.beginArray()
        for verdict in verdicts {
            if verdict.eligible == false {
                ineligible += 1
                if !explain { continue }
            }
            out.element()
            write(verdict, to: &out)
        }
        out.endArray()
        out.member("ineligible")
        out.number(ineligible)
    }

    /// ``encode(_:)-(AppVerdict)`` as bytes.
    static func write(_ verdict: AppVerdict, to out: inout JSONByteWriter) {
        out.beginObject()
        out.member("id")
        out.string(verdict.appID)
        out.member("eligible")
        if let eligible = verdict.eligible { out.bool(eligible) } else { out.null() }
        out.member("reasons")
        out.beginArray()
        for reason in verdict.reasons {
            out.element()
            out.beginObject()
            if let role = reason.role {
                out.member("endpoint")
                out.string(role.description)
            }
            out.member("rule")
            out.string(reason.rule.rawValue)
            out.member("message")
            out.string(reason.message)
            out.endObject()
        }
        out.endArray()
        out.endObject()
    }

    /// ``encode(_:)-(DirectionsRequest)`` as bytes.
    static func write(_ request: DirectionsRequest, to out: inout JSONByteWriter) {
        out.beginObject()
        out.member("source")
        write(request.source, to: &out)
        out.member("destination")
        write(request.destination, to: &out)
        out.member("waypoints")
        out.beginArray()
        for waypoint in request.waypoints {
            out.element()
            write(waypoint, to: &out)
        }
        out.endArray()
        out.member("mode")
        if let mode = request.mode { out.string(mode.rawValue) } else { out.null() }
        out.member("transportType")
        if let type = request.transportType { out.string(type.rawValue) } else { out.null() }
        out.member("avoid")
        out.beginArray()
        for avoided in request.avoid.sorted() {
            out.element()
            out.string(avoided.rawValue)
        }
        out.endArray()
        out.member("navigate")
        out.bool(request.navigate)
        if let date = request.departureDate {
            out.member("departureDate")
            out.string(date)
        }
        if let date = request.arrivalDate {
            out.member("arrivalDate")
            out.string(date)
        }
        out.endObject()
    }

    /// ``encode(_:)-(Endpoint)`` as bytes.
    static func write(_ endpoint: Endpoint, to out: inout JSONByteWriter) {
        out.beginObject()
        out.member("kind")
        out.string(endpoint.kind)
        switch endpoint {
        case .coordinate(let c, let label, let placeID, let precision):
            out.member("latitude")
            out.number(c.latitude)
            out.member("longitude")
            out.number(c.longitude)
            if let label {
                out.member("label")
                out.string(label)
            }
            if let placeID {
                out.member("placeID")
                out.string(placeID)
            }
            out.member("precision")
            out.string(precision.rawValue)
        case .currentLocation:
            break
        case .address(let text, let placeID):
            out.member("text")
            out.string(text)
            if let placeID {
                out.member("placeID")
                out.string(placeID)
            }
        }
        out.endObject()
    }

    /// ``encode(_:)-(DirectionsURLWarning)`` as bytes.
    static func write(_ warning: DirectionsURLWarning, to out: inout JSONByteWriter) {
        out.beginObject()
        out.member("code")
        out.string(warning.code.rawValue)
        out.member("message")
        out.string(warning.message)
        if let parameter = warning.parameter {
            out.member("parameter")
            out.string(parameter)
        }
        out.endObject()
    }
}
