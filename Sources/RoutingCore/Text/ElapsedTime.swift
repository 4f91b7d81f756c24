// SPDX-License-Identifier: Apache-2.0
import StrictJSON

/// How long something took, as a person reads it in a message or log line.
public enum ElapsedTime {
    /// `seconds` (a measured duration, in seconds) as whole milliseconds below a second (`12 ms`;
    /// the daemon measures in milliseconds, so a fast reload is `under 1 ms`, never `0 s`), else
    /// seconds with at most two decimals (`2.5 s`); `? s` for a negative or non-finite value.
    public static func text(seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "? s" }
        let milliseconds = (seconds * 1000).rounded()
        if milliseconds >= 1000 { return "\(JSON.format((seconds * 100).rounded() / 100)) s" }
        return milliseconds == 0 ? "under 1 ms" : "\(Int(milliseconds)) ms"
    }
}
