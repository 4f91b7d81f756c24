// SPDX-License-Identifier: Apache-2.0
import Varlink

/// The varlink interfaces routingd serves besides `org.varlink.service`, as IDL text
/// (varlink.org/Interface-Definition), for `routingd --list-interfaces` and
/// `routingd --print-interface NAME`: `scripts/install` writes each to
/// `share/routingd/interfaces/NAME.varlink`, exactly what `GetInterfaceDescription` returns.
public enum InterfaceFiles {
    /// Interface name and IDL text, in a stable order.
    public static let all: [(name: String, description: String)] = [
        DirectionsInterface.description, CoverageInterface.description,
    ].map { description in
        (VarlinkInterface(description: description, methods: [:]).name, description)
    }

    /// The IDL text of `name`, or nil when routingd serves no such interface.
    public static func description(of name: String) -> String? {
        all.first { $0.name == name }?.description
    }
}
