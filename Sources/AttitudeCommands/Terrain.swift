import ArgumentParser
import CommandLineSupport
import Foundation
import Location

struct Terrain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Terrain height in metres from SRTM .hgt tiles, bilinear between the four samples around the point.")

    @OptionGroup var position: PositionOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Folder of SRTM1 or SRTM3 tiles named like N46E007.hgt.", valueName: "dir"))
    var srtm: String

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let position = try position.position()
        let terrain = try SRTMTerrain(folder: srtm)
        let height = try terrain.height(latitude: position.latitude, longitude: position.longitude)
        print(String(format: "%.3f", height))
    }
}
