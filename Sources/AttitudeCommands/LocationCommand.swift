import ArgumentParser
import CommandLineSupport
import FileAccess
import Foundation
import Location
import Pixels
import Plot
import SafeText

extension LocationFilterKind: ExpressibleByArgument {}

struct LocationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Filter the position fixes of a Sensor Logger Location.csv.",
        discussion: "Writes t,latitude,longitude,altitude,horizontal_accuracy, t in seconds from the input's first row; "
            + "the input is Location.csv or a recording folder holding one.")

    @Argument(help: "Location.csv, or a Sensor Logger folder holding one.")
    var input: String

    @Option(parsing: .unconditional, help: "raw, accuracy, mean, lsq or kalman (the one for everything: it also gates a jump the phone reports as accurate).")
    var filter: LocationFilterKind = .kalman

    @Option(parsing: .unconditional, help: ArgumentHelp("Drop fixes whose horizontal accuracy is worse than this (every filter but raw; \(MaxAccuracyOption.defaultText)).",
                               valueName: "metres"))
    var maxAccuracy: Double?

    @Option(parsing: .unconditional, help: "Window of mean and lsq, in accepted fixes (default \(LocationFilterSettings().window)).")
    var window: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Replace the altitude with the terrain height from the SRTM tiles in this folder.", valueName: "dir"))
    var srtm: String?

    @Option(name: .shortAndLong, parsing: .unconditional, help: "CSV file to write ('-': standard output). An unknown accuracy is an empty field.")
    var output: String

    /// What `--plot` draws here: a track to scale, square by default.
    enum TrackPlot: PlotContent {
        static let plotHelp = "Also draw the track, every fix and the filtered one, east and north in metres to scale, into this .png or .svg."
        static var defaultPlotSize: PictureSize { PictureSize(fixedWidth: 800, height: 800) }
    }

    @OptionGroup var plot: PlotOptions<TrackPlot>

    func validate() throws {
        try MaxAccuracyOption.check(maxAccuracy)
        if let window, window < 1 { throw ValidationError("--window must be at least 1") }
    }

    @OptionGroup var messages: MessageOptions

    func run() throws {
        // Options a filter does not use are allowed, so that one script can run every filter, but said.
        if window != nil && filter != .mean && filter != .lsq {
            Messages.logger.info("--window applies to mean and lsq; \(filter.rawValue) ignores it")
        }
        if maxAccuracy != nil && filter == .raw {
            Messages.logger.info("--filter raw keeps every fix; --max-accuracy is ignored")
        }
        let outputs = OutputFiles(inputs: [input, srtm])
        let staged = try outputs.stage(output, option: "--output", allowStandardOutput: true)
        let stagedPlot = try plot.file.map { try outputs.stage($0, option: "--plot") }
        var settings = LocationFilterSettings()
        if let maxAccuracy { settings.maxAccuracyMetres = maxAccuracy }
        if let window { settings.window = window }
        let track = try FilteredTrack(path: input, filter: filter, settings: settings, terrain: try srtm.map { try SRTMTerrain(folder: $0) })
        let (fixes, filtered) = (track.fixes, track.filtered)
        let text = try track.csv()
        try staged.write(Data(text.utf8))
        if let file = plot.file, let stagedPlot {
            let tracks = [TrackPlots.Track(name: "every fix (\(fixes.count))", latitude: fixes.map(\.latitude), longitude: fixes.map(\.longitude)),
                          TrackPlots.Track(name: "\(filter.rawValue) (\(filtered.count))", latitude: filtered.map(\.latitude),
                                           longitude: filtered.map(\.longitude))]
            let figure = TrackPlots.figure(tracks, title: "location track: \((input as NSString).lastPathComponent)",
                                           size: plot.size)
            try stagedPlot.write(try plotBytes(figure, for: file, option: "--plot", size: plot.size))
        }
        try outputs.commit()
        let summary = track.summary(output: output)
        Messages.logger.info("\(summary)")
    }
}
