extension String {
    /// The text of a C buffer a shim filled in, up to its first NUL (or the whole buffer when it has none).
    public init(nulTerminated chars: [CChar]) {
        self.init(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Calls a C shim function that fails with a negative status and its message written into the buffer it is given; a
/// negative status throws `describe`'s error with that message ("unknown error" when the shim left it empty). The
/// status is returned otherwise.
@discardableResult
public func withErrorBuffer<Failure: Error>(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32,
                                            describe: (String) -> Failure) throws -> Int32 {
    var err = [CChar](repeating: 0, count: 512)
    let status = err.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
    if status < 0 {
        let message = String(nulTerminated: err)
        throw describe(message.isEmpty ? "unknown error" : message)
    }
    return status
}
