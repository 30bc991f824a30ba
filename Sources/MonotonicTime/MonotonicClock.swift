#if canImport(Glibc)
import Glibc
#endif

/// The one clock for every timestamp taken in the process (docs/conventions.md: time is seconds, as a
/// double): log playback, imud receive times and camera capture times all read it, so a later step
/// can align an attitude with the frame it belongs to. CLOCK_MONOTONIC: seconds since boot, never
/// going backwards and unaffected by wall-clock changes.
public enum MonotonicClock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
