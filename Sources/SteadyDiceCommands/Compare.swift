import ArgumentParser
import FileAccess
import CommandLineSupport
import Pixels
import Scene
import Foundation
import SafeText
import SteadyDiceKit

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compares two pictures as the golden tests do: exit 0 if they match, 1 if they differ, 64 to 74 if it cannot compare (see man steady-dice-compare).",
        discussion: """
        The pictures match when no more than the fraction --max-fraction of their pixels differ by more than --tolerance \
        in any channel (R, G or B, 0 to 255); pictures of different sizes differ. The golden tests use the same \
        comparison with --tolerance 2 --max-fraction 0.001. The line printed gives the count and share of pixels over \
        the tolerance, the largest difference and where it is (x from the left, y from the top).

        Exit statuses: 0 the pictures match; 1 they differ; 64 the command line is wrong; 65 a picture cannot be \
        decoded; 66 a picture is missing or unreadable; 74 the --diff picture cannot be written.
        """)

    @Argument(help: ArgumentHelp("The reviewed picture (PNG, or any picture OpenCV reads).", valueName: "EXPECTED.png"))
    var expected: String

    @Argument(help: ArgumentHelp("The picture to check against it.", valueName: "ACTUAL.png"))
    var actual: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Largest difference in a channel that still counts as the same, 0 to 255.", valueName: "N"))
    var tolerance: Int = ImageComparison.defaultTolerance

    @Option(parsing: .unconditional, help: ArgumentHelp("Fraction of pixels (0 to 1) allowed over the tolerance.", valueName: "F"))
    var maxFraction: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp("Write the expected picture dimmed, with every pixel over the tolerance in magenta.",
                               valueName: "DIFF.png"))
    var diff: String?

    func validate() throws {
        guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be from 0 to 255") }
        guard maxFraction >= 0, maxFraction <= 1 else { throw ValidationError("--max-fraction must be from 0 to 1") }
        if let diff { try PNGOption.check(diff, option: "--diff") }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        let images: (expected: RGBImage, actual: RGBImage)
        // --diff is checked first: it may not name either picture, nor anything but a file or a new name.
        let outputs = OutputFiles(inputs: [expected, actual])
        let diffOutput: OutputFiles.Staged?
        do {
            diffOutput = try diff.map { try outputs.stage($0, option: "--diff") }
            images = (try RGBImage.read(path: expected), try RGBImage.read(path: actual))
        } catch {
            throw CommandFailure("cannot compare: \(commandLineMessage(for: error))", status: ExitStatus.of(error))
        }
        let comparison = ImageComparison(expected: images.expected, actual: images.actual, tolerance: tolerance, maxFraction: maxFraction)
        // The names are escaped: a file name's control bytes never reach the terminal raw.
        print(comparison.summary(expected: MessageText.escaped(expected, limit: 160), actual: MessageText.escaped(actual, limit: 160)))
        if let diffOutput {
            if let picture = ImageComparison.diffImage(expected: images.expected, actual: images.actual, tolerance: tolerance) {
                try picture.write(to: diffOutput)
                try outputs.commit()
            } else {
                Messages.logger.warning("no --diff picture: the sizes differ")
            }
        }
        if !comparison.matches { throw ExitCode(ExitStatus.negativeAnswer.rawValue) }
    }
}
