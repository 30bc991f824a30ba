extension String {
    /// The text of a C buffer the shim filled in, up to its first NUL (or the whole buffer when it has none).
    init(nulTerminated chars: [CChar]) {
        self.init(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
