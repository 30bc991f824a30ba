import AttitudeMath
import Pixels

/// The trackers' test scene: random grey blocks, seeded, moved by whole pixels.
enum BlockScene {
    /// `width` x `height` of grey blocks 8 to 40 pixels across, seeded; `shift` moves the scene right and down.
    static func picture(width: Int, height: Int, shift: (x: Int, y: Int)) -> RGBImage {
        var random = SplitMix64(seed: 31)
        let padded = (width: width + 64, height: height + 64)
        var field = [UInt8](repeating: 128, count: padded.width * padded.height)
        for _ in 0..<(padded.width * padded.height / 300) {
            let x = Int(random.next() % UInt64(padded.width)), y = Int(random.next() % UInt64(padded.height))
            let w = 8 + Int(random.next() % 33), h = 8 + Int(random.next() % 33), value = UInt8(random.next() % 256)
            for row in y..<min(y + h, padded.height) { for column in x..<min(x + w, padded.width) { field[row * padded.width + column] = value } }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for row in 0..<height {
            for column in 0..<width {
                let v = field[(row + 32 - shift.y) * padded.width + column + 32 - shift.x]
                pixels[3 * (row * width + column)] = v
                pixels[3 * (row * width + column) + 1] = v
                pixels[3 * (row * width + column) + 2] = v
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
