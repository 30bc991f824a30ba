import ArgumentParser
import CommandLineSupport
import Foundation
import Location

struct Declination: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The magnetic field at a place and date (WMM2025 from 2025.0 to 2030.0, IGRF-14 from 1900.0): "
            + "declination, inclination and total field.",
        discussion: """
            Prints, one per line: declination (degrees, east of true north positive), inclination (degrees, \
            down positive) and total field (nT).
            """)

    @OptionGroup var position: PositionOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Date, YYYY-MM-DD (UTC midnight). Default: today.", valueName: "yyyy-mm-dd"))
    var date: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Height above the WGS 84 ellipsoid, metres.", valueName: "metres"))
    var altitude: Double = 0

    func validate() throws {
        if let date, DecimalYear.parse(date) == nil {
            throw ValidationError("--date '\(date)' is not a date YYYY-MM-DD")
        }
        let heights = MagneticModel.heightRangeMetres
        guard altitude.isFinite, heights.contains(altitude) else {
            throw ValidationError(String(format: "--altitude %@ is outside %.0f to %.0f metres", "\(altitude)", heights.lowerBound, heights.upperBound))
        }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let position = try position.position()
        let year = date.flatMap(DecimalYear.parse) ?? DecimalYear.of(Date())
        let model: MagneticModel
        do {
            model = try MagneticModel.forYear(year)
        } catch {
            throw LocationError("--date \(date ?? DecimalYear.isoDay(Date())): \(error) (1900-01-01 to 2030-01-01)")
        }
        let field = try model.field(latitudeDegrees: position.latitude, longitudeDegrees: position.longitude,
                                    heightMetres: altitude, decimalYear: year)
        print(String(format: "declination: %.4f", field.declinationDegrees))
        print(String(format: "inclination: %.4f", field.inclinationDegrees))
        print(String(format: "total_field: %.1f", field.total))
        Messages.logger.info("\(model.name) on \(date ?? DecimalYear.isoDay(Date()))")
    }
}
