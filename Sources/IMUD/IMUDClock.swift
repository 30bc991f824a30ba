import Foundation
#if canImport(Glibc)
import Glibc
import MonotonicTime
#endif

/// The wall and TAI clocks the packet's timestamps are written on. Receive times and latencies use
/// `MonotonicClock`, like every other timestamp in the process.
public enum IMUDClock {
    /// CLOCK_REALTIME in nanoseconds (the packet's `ts_wall_ns`).
    public static func wallNanoseconds() -> UInt64 { nanoseconds(CLOCK_REALTIME) }

    /// CLOCK_TAI in nanoseconds (the packet's `ts_tai_ns`); Linux's clock id 11.
    public static func taiNanoseconds() -> UInt64 { nanoseconds(11) }

    private static func nanoseconds(_ clock: clockid_t) -> UInt64 {
        var ts = timespec()
        guard clock_gettime(clock, &ts) == 0, ts.tv_sec >= 0 else { return 0 }
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
