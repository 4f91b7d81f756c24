import FoundationEssentials

/// Where routingd looks for things when not told.
public enum DefaultPaths {
    /// `$XDG_RUNTIME_DIR/routingd/io.socket`, or `/run/routingd/io.socket` when `XDG_RUNTIME_DIR` is unset
    /// or empty (a system service).
    public static func socket(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/routingd/io.socket"
        }
        return "/run/routingd/io.socket"
    }

    /// `./Coverage`: the sample coverage files when started from the repository.
    public static let coverageDirectory = "Coverage"
}
