import Foundation
import Imaging
import Pixels
import TestSupport
import XCTest

/// PNG files are decoded by libpng with handlers that do not print (OpenCV's decoder let libpng write
/// "libpng error: Read Error" on stderr), converted as OpenCV's IMREAD_COLOR converts them: grey and palette
/// expanded, alpha dropped, 16 bits cut to their high byte. The files are written here byte by byte.
/// JPEG files are read once by libjpeg with handlers that do not print either, and refused when it warns
/// (a cut-off JPEG printed "Premature end of JPEG file" and was shown with its missing rows grey).
final class ImageReadTests: TemporaryFolderTestCase {
    override var folderPrefix: String { "png-read" }

    /// A 2x2 PNG of colour type `colourType` and bit depth `depth`, its rows given as filter-0 bytes.
    private func png(_ name: String, colourType: UInt8, depth: UInt8, rows: [[UInt8]], palette: [UInt8]? = nil) throws -> String {
        var header = Data()
        header.append(uint32: 2); header.append(uint32: 2)
        header.append(contentsOf: [depth, colourType, 0, 0, 0])
        var raw = Data()
        for row in rows { raw.append(0); raw.append(contentsOf: row) }
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.append(chunk: "IHDR", header)
        if let palette { file.append(chunk: "PLTE", Data(palette)) }
        file.append(chunk: "IDAT", Self.storedZlib(raw))
        file.append(chunk: "IEND", Data())
        let path = folder.appendingPathComponent(name).path
        try file.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `data` as a zlib stream of one stored (uncompressed) deflate block.
    static func storedZlib(_ data: Data) -> Data {
        var out = Data([0x78, 0x01, 0x01])
        let length = UInt16(data.count)
        out.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)])
        out.append(data)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        out.append(uint32: b << 16 | a)
        return out
    }

    private func assertPixels(_ path: String, _ expected: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try RGBImage.read(path: path)
        XCTAssertEqual(image.width, 2, file: file, line: line)
        XCTAssertEqual(image.height, 2, file: file, line: line)
        XCTAssertEqual(image.pixels, expected, file: file, line: line)
    }

    func testEveryColourTypeReadsAsOpenCVReadsIt() throws {
        try assertPixels(png("rgb.png", colourType: 2, depth: 8, rows: [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]]),
                         [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        try assertPixels(png("grey.png", colourType: 0, depth: 8, rows: [[10, 20], [30, 40]]),
                         [10, 10, 10, 20, 20, 20, 30, 30, 30, 40, 40, 40])
        try assertPixels(png("grey2.png", colourType: 0, depth: 2, rows: [[0b0011_0000], [0b1001_0000]]),
                         [0, 0, 0, 255, 255, 255, 170, 170, 170, 85, 85, 85])
        try assertPixels(png("rgba.png", colourType: 6, depth: 8, rows: [[1, 2, 3, 0, 4, 5, 6, 128], [7, 8, 9, 255, 10, 11, 12, 9]]),
                         [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        try assertPixels(png("grey-alpha.png", colourType: 4, depth: 8, rows: [[50, 0, 60, 255], [70, 1, 80, 2]]),
                         [50, 50, 50, 60, 60, 60, 70, 70, 70, 80, 80, 80])
        try assertPixels(png("palette.png", colourType: 3, depth: 8, rows: [[0, 1], [1, 0]], palette: [200, 0, 0, 0, 0, 250]),
                         [200, 0, 0, 0, 0, 250, 0, 0, 250, 200, 0, 0])
        try assertPixels(png("rgb16.png", colourType: 2, depth: 16,
                             rows: [[0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xFF, 0xFF, 0, 0, 1, 0x80],
                                    [0, 1, 0, 2, 0, 3, 0xAB, 0, 0xCD, 0, 0xEF, 0]]),
                         [0x12, 0x56, 0x9A, 0xFF, 0, 1, 0, 0, 0, 0xAB, 0xCD, 0xEF])
    }

    /// A cut-off PNG is refused naming the file and the reason, and libpng prints nothing of its own
    /// (the hostile cases check stderr end to end).
    func testACutOffPNGNamesTheFile() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: png("whole.png", colourType: 2, depth: 8,
                                                                   rows: [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]])))
        let cut = folder.appendingPathComponent("cut.png")
        try whole.prefix(whole.count - 20).write(to: cut)
        XCTAssertThrowsError(try RGBImage.read(path: cut.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(cut.path), text)
            XCTAssertTrue(text.contains("cannot decode it as a PNG"), text)
        }
    }
}

extension ImageReadTests {
    func testACutOffJPEGIsRefusedAndAWholeOneRead() throws {
        var picture = RGBImage(width: 64, height: 48, fill: (200, 40, 90))
        for i in stride(from: 0, to: picture.pixels.count, by: 7) { picture.pixels[i] = UInt8(i % 251) }
        let bytes = try picture.encoded(as: "jpg", path: "picture.jpg")
        let whole = folder.appendingPathComponent("whole.jpg"), cut = folder.appendingPathComponent("cut.jpg")
        try bytes.write(to: whole)
        try bytes.prefix(bytes.count / 2).write(to: cut)
        let read = try RGBImage.read(path: whole.path)
        XCTAssertEqual([read.width, read.height], [64, 48])
        XCTAssertThrowsError(try RGBImage.read(path: cut.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(cut.path), text)
            XCTAssertTrue(text.contains("cannot decode it as a JPEG: the file ends before the picture does"), text)
        }
    }
}

private extension Data {
    mutating func append(uint32 value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    /// A PNG chunk: length, type, data, and the CRC-32 of type and data.
    mutating func append(chunk type: String, _ data: Data) {
        append(uint32: UInt32(data.count))
        let body = Data(type.utf8) + data
        append(body)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        append(uint32: ~crc)
    }
}
