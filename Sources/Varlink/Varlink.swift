/// Placeholder: see Sources/Varlink for the protocol.
