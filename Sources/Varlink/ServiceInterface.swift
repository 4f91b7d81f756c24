// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// `org.varlink.service`, which every varlink service provides (varlink.org/Service).
enum ServiceInterface {
    static let name = "org.varlink.service"

    /// The interface definition as published on varlink.org/Service.
    static let definition = """
        # The Varlink Service Interface is provided by every varlink service. It
        # describes the service and the interfaces it implements.
        interface org.varlink.service

        # Get a list of all the interfaces a service provides and information
        # about the implementation.
        method GetInfo() -> (
          vendor: string,
          product: string,
          version: string,
          url: string,
          interfaces: []string
        )

        # Get the description of an interface that is implemented by this service.
        method GetInterfaceDescription(interface: string) -> (description: string)

        # The requested interface was not found.
        error InterfaceNotFound (interface: string)

        # The requested method was not found
        error MethodNotFound (method: string)

        # The interface defines the requested method, but the service does not
        # implement it.
        error MethodNotImplemented (method: string)

        # One of the passed parameters is invalid.
        error InvalidParameter (parameter: string)

        # Client is denied access
        error PermissionDenied ()

        # Method is expected to be called with 'more' set to true, but wasn't
        error ExpectedMore ()

        """

    /// The interface with `GetInfo` and `GetInterfaceDescription` answering from `info` and
    /// `descriptions` (interface name → IDL text, including this interface's own).
    static func make(info: JSONObject, descriptions: [String: String]) -> VarlinkInterface {
        // The reply never changes: its text is written once, not at every call.
        let infoText = JSON.object(info).serializedBytes()
        return VarlinkInterface(
            description: definition,
            methods: [
                "GetInterfaceDescription": { call throws(VarlinkError) in
                    guard let interface = call.parameters["interface"]?.stringValue else {
                        throw .invalidParameter("interface")
                    }
                    guard let description = descriptions[interface] else { throw .interfaceNotFound(interface) }
                    return ["description": .string(description)]
                },
            ],
            encoding: ["GetInfo": { (_, out: inout JSONByteWriter) throws(VarlinkError) in out.text(infoText) }])
    }
}
