import CMalloc

/// How the program's heap gives freed memory back to the kernel.
public enum ProcessHeap {
    /// Blocks smaller than this (bytes) come from the heap rather than a mapping of their own: a frame's buffers
    /// (an 854x480 picture, its grey copy, the tracker's pyramids: up to a few megabytes each). glibc's largest.
    static let mappingThreshold: Int32 = 32 << 20
    /// Free memory at the top of the heap kept mapped for reuse, bytes.
    static let trimThreshold: Int32 = 128 << 20

    /// Keeps the memory a video frame's work frees for the next frame's. Reading a video frame by frame makes and
    /// frees the same buffers at every frame; glibc's defaults hand them back to the kernel, which must then zero
    /// fresh pages for the next frame. That was a fifth of the CPU time of tracking a 854x480 clip, all of it in the
    /// kernel. Call once, at the program's start. False when glibc refused a setting (the defaults then stay, which
    /// are correct, only slower).
    @discardableResult
    public static func keepFreedMemoryForReuse() -> Bool {
        // Each call fixes its threshold and ends glibc's own adjustment of both, so both are set together.
        mallopt(M_MMAP_THRESHOLD, mappingThreshold) == 1 && mallopt(M_TRIM_THRESHOLD, trimThreshold) == 1
    }
}
