/// Calls a shim function with a buffer for its error message; a negative status throws `describe`'s error with the
/// message (or "unknown error" when the shim left it empty).
@discardableResult
func withErrorBuffer(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32,
                     describe: (String) -> CalibrationFileError) throws -> Int32 {
    var err = [CChar](repeating: 0, count: 512)
    let status = err.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
    if status < 0 {
        let message = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw describe(message.isEmpty ? "unknown error" : message)
    }
    return status
}
