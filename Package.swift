// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "steady-dice",
    products: [
        .executable(name: "steady-dice", targets: ["SteadyDice"]),
        .executable(name: "attitude", targets: ["AttitudeTool"]),
        /// Offscreen snapshots and the picture comparison, for other packages' visual regression tests.
        .library(name: "SteadyDiceKit", targets: ["SteadyDiceKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // MARK: - System libraries
        /// GLFW 3: `run`'s window, its OpenGL context and keys.
        .systemLibrary(name: "CGLFW", path: "Sources/System/CGLFW", pkgConfig: "glfw3",
                       providers: [.apt(["libglfw3-dev"])]),
        /// OpenGL 3.3 core through libOpenGL (GLVND).
        .systemLibrary(name: "CGL", path: "Sources/System/CGL", pkgConfig: "opengl",
                       providers: [.apt(["libopengl-dev"])]),
        /// EGL's surfaceless platform: an OpenGL context with no display, for offscreen pictures.
        .systemLibrary(name: "CEGL", path: "Sources/System/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev"])]),
        /// FreeType rasterises the HUD's font (DejaVu Sans Mono from fonts-dejavu-core) into a texture.
        .systemLibrary(name: "CFreeType", path: "Sources/System/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        /// Cairo draws the plots (PNG and SVG from one drawing), from Debian's libcairo2-dev.
        .systemLibrary(name: "CCairo", path: "Sources/System/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        /// glibc's malloc.h: how the heap gives freed memory back to the kernel (`mallopt`), and what it holds (`mallinfo2`).
        .systemLibrary(name: "CMalloc", path: "Sources/System/CMalloc"),
        /// SIGINT/SIGTERM as the exit every command has (one line, the registered partial outputs removed, 130) or as a
        /// flag a loop polls: the handlers must be C to be async-signal-safe.
        .target(name: "CStopSignal", path: "Sources/System/CStopSignal"),
        /// OpenCV's FileStorage files of a camera (the calibration file, OpenCV's camera file) read and written through
        /// opencv_core alone, a C API that catches every C++ exception; CVShim's files share its exception guard.
        .target(name: "CVFileStorage", path: "Sources/System/CVFileStorage",
                cxxSettings: [.headerSearchPath("../COpenCV/opencv4")],
                linkerSettings: [.linkedLibrary("opencv_core")]),
        /// The C++ shim over OpenCV 4 (Debian's libopencv-dev): its headers through Sources/System/COpenCV/opencv4, a link to
        /// /usr/include/opencv4, and only the modules it calls linked, not pkg-config's opencv4 (which names every module:
        /// VTK's viz, Qt's cvv, HDF5, the DNN...), since each library a binary names is loaded at every start.
        /// imgcodecs and videoio, with GDAL, GStreamer and the libraries behind them, are loaded at their first use
        /// instead (cvshim.cpp: a camera, a video written, a picture other than a PNG). libpng and libjpeg directly: PNG
        /// and JPEG files are read with handlers that do not print, and PNG files written with OpenCV's settings (see
        /// cvshim.cpp). docs/tests.md says what a start costs (`StartCostTests`).
        .target(name: "CVShim", dependencies: ["CVFileStorage"], path: "Sources/System/CVShim",
                cxxSettings: [.headerSearchPath("../COpenCV/opencv4"), .headerSearchPath("../CVFileStorage")],
                linkerSettings: ["opencv_core", "opencv_imgproc", "opencv_calib3d", "opencv_video", "png16", "jpeg"].map { .linkedLibrary($0) }),
        /// What a V4L2 camera's buffer timestamps count and mark (their clock, start or end of exposure).
        .target(name: "CV4L2", path: "Sources/System/CV4L2"),
        /// A panorama looked up along each pixel's ray: the synthetic clip's lens, rolling shutter and blur, in C for speed.
        .target(name: "CPanoramaRaster", path: "Sources/System/CPanoramaRaster"),
        /// FFmpeg's libraries' headers (libavformat, libavcodec, libavutil, libswscale), for CVideoFile only. Not linked:
        /// CVideoFile loads them at the first file it opens (video_file.c), so that a command that reads no video does not
        /// load them at its start.
        .systemLibrary(name: "CFFmpeg", path: "Sources/System/CFFmpeg",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]),
        /// Video files frame by frame with presentation times, rotation and every stream, as cameras write them.
        .target(name: "CVideoFile", dependencies: ["CFFmpeg"], path: "Sources/System/CVideoFile",
                linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),

        // MARK: - Libraries, one job each
        /// The one clock every timestamp in the process is read from (`MonotonicClock`: CLOCK_MONOTONIC, seconds since
        /// boot). No dependencies.
        .target(name: "MonotonicTime"),
        /// Quaternions, column-major matrices, frames and Eq. VII, and the numeric rules every module shares: look-ups
        /// in time-ordered samples (`TimeSeries`), the gyroscope's integral (`GyroIntegral`), the attitude error metric
        /// (`AttitudeError`: total, tilt, signed heading), the seeded generator (`SplitMix64`), the median and
        /// percentile rule (`Median`), degrees and radians (`Angle`). No OpenGL, no I/O.
        .target(name: "AttitudeMath", dependencies: ["ExitKinds", "MonotonicTime"]),
        /// The skeleton of a background worker (`WorkerThread`: a named thread, sleeps a stop cuts short, a stop that
        /// waits until the camera or socket is released) and the `Backoff` between attempts (the capture's and imud's).
        /// SIGINT/SIGTERM as a stop request a loop polls, or as the exit every command installs at its start
        /// (`StopSignals`). `UnavailableError`: a camera or a display the machine does not give. A value threads
        /// share behind a lock (`Locked`).
        .target(name: "Workers", dependencies: ["CStopSignal", "MonotonicTime", "ExitKinds", .product(name: "Logging", package: "swift-log")]),
        /// Untrusted text made safe to print (`MessageText`: quoted values, control characters escaped, long values
        /// cut), Foundation errors as `path: reason`, and a C shim's error text (`withErrorBuffer`,
        /// `String(nulTerminated:)`). No dependencies.
        .target(name: "SafeText"),
        /// The kinds of failure (`ExitKind`: usage, data, no input, unavailable, cannot create, I/O, interrupted) and
        /// `ErrorWithExitKind`, by which a library's error says its kind (each module's `ErrorExitKinds.swift`). The
        /// front ends turn a kind into an exit status (`CommandLineSupport.ExitStatus`). No dependencies.
        .target(name: "ExitKinds"),
        /// The file policies. Input: what a path is, opened without blocking, sizes checked first (`InputFile`); logs
        /// read within a bound (`BoundedFile`). Output: staged temporary files, checked writes, all-or-nothing renames
        /// (`OutputFiles`), each partial output registered with the C signal handler, which removes it on SIGINT or
        /// SIGTERM. SwiftPM's resource bundles found without stopping the program (`ResourceBundles`).
        .target(name: "FileAccess", dependencies: ["CStopSignal", "ExitKinds", "Workers"]),
        /// The one CSV reader every comma-separated file goes through: comments, header, rows with line numbers, each
        /// row's field count checked against the header's (`CSVRowError`, which each reader wraps in its own error),
        /// numbers. And the strict parser of option values (`OptionValues`).
        .target(name: "CSVText", dependencies: ["SafeText", "ExitKinds"]),
        /// Recording folders (Sensor Logger, x-IMU3): the one listing of a folder's files, and Sensor Logger's platform
        /// conventions from `Metadata.csv`.
        .target(name: "Recording", dependencies: ["AttitudeMath", "ExitKinds", "CSVText", "FileAccess"]),
        /// The picture values every module passes around: `RGBImage` (packed 8-bit RGB, rows top first) and
        /// `PictureSize` (width and height, each side 1 to 16384, checked only here). No I/O: `Imaging` reads and
        /// writes picture files.
        .target(name: "Pixels", dependencies: ["ExitKinds"]),
        /// Attitude log files: the reader and writer, frame conversion, and playback on a clock (`Playback`).
        .target(name: "AttitudeLog", dependencies: ["AttitudeMath", "MonotonicTime", "ExitKinds", "CSVText", "FileAccess", "SafeText", "Recording"]),
        /// Cameras as values: pinhole cameras from a field of view or intrinsics (`PinholeCamera`; drawing's default
        /// field of view is `PinholeCamera.defaultFieldOfViewDegrees`), `LensCamera` (a pinhole with its lens: the
        /// camera of a file, a rig, a fit and drawing), crop-and-scale to a window, the central region where a pinhole
        /// stands for any lens (`CentralRegion`), projection matrices, world rays, anchored dice (`Anchor`) and the
        /// panorama layout. No OpenGL, no I/O.
        .target(name: "Camera", dependencies: ["AttitudeMath", "ExitKinds", "Pixels"]),
        /// What ties a camera to an IMU (`Rig`): the camera and lens with the mount (`CameraAndMount`), the time offset
        /// with its clock and instant (`TimeOffset`), the readout and the gyroscope's bias, each with its standard
        /// error and whether it was determined. The time rule every command asks (`Timeline`: log time = video time +
        /// offset). `Rig.apply(_:given:clock:)`: what a calibration and the camera or mount given beside it
        /// (`GivenCamera`, `GivenMount`) are drawn or fused with (`AppliedRig`). No GL, no I/O.
        .target(name: "Rig", dependencies: ["AttitudeMath", "Camera", "ExitKinds"]),
        /// Images and video. Picture files read and written (`ImageFiles.swift`). Video files read through FFmpeg
        /// (`VideoFile`, over `CVideoFile`). Through OpenCV (`CVShim`): camera capture (`CaptureSource`), video writing
        /// (`VideoOutput`: FFV1, H.264 or PNG folders), corners tracked between pictures (`FeatureTracker`, `LongTracker`), the turn between two views
        /// (`EssentialRotation`) and undistortion (`Undistorter`). It runs no estimator.
        .target(name: "Imaging", dependencies: ["AttitudeMath", "MonotonicTime", "Camera", "Pixels", "CVShim", "CV4L2", "CVideoFile", "CSVText", "ExitKinds", "FileAccess", "SafeText", "Workers", .product(name: "Logging", package: "swift-log")]),
        /// The calibration file (a `Rig`: `RigFile.swift`) and OpenCV's camera file (a `LensCamera`:
        /// `LensCameraFile.swift`), read and written through OpenCV's FileStorage (`CVFileStorage`), each file checked
        /// before OpenCV parses it (`FileStorageText`, `FileStorageDepth`); a failure is a `CalibrationFileError`.
        .target(name: "CalibrationFiles", dependencies: ["AttitudeMath", "Camera", "CVFileStorage", "ExitKinds", "FileAccess", "Pixels", "Rig", "SafeText"]),
        /// The run-time files as SwiftPM resources, found through `Bundle.module`: shaders, models, the HUD's font, the
        /// examples found by name (the compass sky, the demo log, a raw BROAD excerpt) and the lens profiles
        /// (`lenses/`, Gyroflow's, CC0; `LensProfileFiles`). No code but the lookup.
        .target(name: "SteadyDiceAssets", dependencies: ["FileAccess"], exclude: ["fonts/DejaVuSansMono.LICENSE"],
                resources: [.copy("shaders"), .copy("models"), .copy("fonts"), .copy("examples"), .copy("lenses")]),
        /// The OpenGL 3.3 core renderer (`SceneRenderer`): background, panorama, die or box, HUD text (a FreeType
        /// `FontAtlas`), offscreen targets, the EGL context. It reads no picture file: it is handed the reader of its
        /// model's texture.
        .target(name: "Render", dependencies: ["SteadyDiceAssets", "ExitKinds", "AttitudeMath", "Camera", "Pixels", "CGL", "CEGL", "CFreeType"]),
        /// imud's binary stream protocol: decoder, client (`IMUDClient`), publisher. The live stream's last seconds
        /// (`AttitudeHistory`), for a negative time offset.
        .target(name: "IMUD", dependencies: ["AttitudeMath", "MonotonicTime", "AttitudeLog", "CSVText", "ExitKinds", "SafeText", "Workers", .product(name: "Logging", package: "swift-log")]),
        /// The attitude estimator (`AttitudeEstimator`): raw gyroscope, accelerometer and magnetometer in, attitude
        /// out.
        .target(name: "Fusion", dependencies: ["AttitudeMath", "ExitKinds"]),
        /// The camera's own motion data inside a video file: GoPro's GPMF (`gpmd`) and Google's CAMM (`camm`) tracks,
        /// read through CVideoFile and parsed here, in the device frame. No GL; RawLog reads a video as a raw log with it.
        .target(name: "CameraMotion", dependencies: ["AttitudeMath", "ExitKinds", "CVideoFile", "FileAccess", "SafeText"]),
        /// The lens a video's camera is known to have. The file names the camera: a GoPro's firmware tag
        /// (`GoProModels`), else its GPMF device name; the caller reads the tags (`VideoContainerTags`). The bundled
        /// profile (`LensProfile`, Gyroflow's, CC0) is chosen by model, aspect, mode and nearest size
        /// (`LensProfileChoice`) and scaled to the video's pictures. No GL.
        .target(name: "LensProfiles", dependencies: ["Camera", "CameraMotion", "ExitKinds", "Pixels", "SteadyDiceAssets"]),
        /// Raw IMU log readers (steady-dice raw CSV, x-io, Sensor Logger, OpenCamera Sensors, a video's own motion
        /// track), what a log offers fusion (a usable magnetometer, an accelerometer to level by), the hard-iron
        /// magnetometer fit (`HardIronCalibration`), and a trial's reference replayed as a raw log whose gyroscope
        /// agrees with it exactly (`SyntheticMotion`). Reads and writes logs; does not fuse.
        .target(name: "RawLog", dependencies: ["AttitudeMath", "ExitKinds", "CameraMotion", "CSVText", "FileAccess", "SafeText", "Recording"]),
        /// Camera–IMU calibration from a clip's tracks and a gyroscope: Wahba's problem, the offset search, the joint
        /// fit of time offset, focal length and lens, mount, readout and bias from frame pairs (`RigParameters.swift`),
        /// and the bias and field of view from the picture's turn over spans (`SpanBias`, `SpanHold`). Every fit is one
        /// damped Gauss–Newton (`LeastSquares.swift`); a failure is a `CalibrationError`. No GL, no I/O.
        .target(name: "Calibration", dependencies: ["AttitudeMath", "ExitKinds", "Camera", "Pixels", "Rig"]),
        /// Footage read into what the estimators fit, shared by the calibration service, the fusion jobs and the frame
        /// pipeline. `ClipTracks`: a video, picture folder or OpenCamera Sensors recording, its corners tracked pair by
        /// pair and followed for as long as they live, and the picture's turn over spans (`pictureSpans`).
        /// `PictureHold`: an attitude over a video held to its picture, through the camera the die is drawn with.
        /// `LensProfileCamera`: a video's bundled lens profile where no camera is given. No GL.
        .target(name: "Footage", dependencies: ["AttitudeLog", "AttitudeMath", "Calibration", "Camera", "CSVText", "FileAccess", "Imaging", "LensProfiles", "Pixels", "Recording", "Rig"]),
        /// Any attitude log loaded for drawing (`loadAnyAttitudeLog`): an attitude log read, a raw log fused
        /// in-process, a gyroscope-only log integrated, a raw log over its footage. The one fusion of a raw log
        /// (`CorrectedRawLog.fused`: the magnetometer's correction, a calibration's gyroscope bias, true north by
        /// `TrueNorth`, over the estimator's run through the log, `RawLogFusion`), which `attitude fuse` calls too.
        /// No GL, no plots.
        .target(name: "LogLoading", dependencies: ["AttitudeLog", "AttitudeMath", "ExitKinds", "Fusion", "Location", "RawLog", "Recording", "SafeText",
                                                   .product(name: "Logging", package: "swift-log")]),
        /// What `attitude` does to files, as library calls: fuse a raw log (`FuseJob`), or fuse it over its video,
        /// placed by a calibration's clip offset (`FuseOverVideoJob`); convert a producer's attitude (`ConvertJob`), a
        /// video's motion track or a gyroscope-only log (`RawConvertJob`); score the estimator on BROAD
        /// (`EvaluationJob`, `BroadEvaluation`: the RMS of `AttitudeError` over a trial, `EvaluationReport`).
        .target(name: "FusionJobs", dependencies: [
            "AttitudeLog", "AttitudeMath", "CalibrationFiles", "Camera", "FileAccess", "Footage", "Fusion", "Imaging", "Location", "LogLoading", "Plot", "RawLog",
            "Recording", "Rig",
            "SafeText", .product(name: "Logging", package: "swift-log"),
        ]),
        /// A live rig recorded (`record`, `RigSession`): a camera's frames and imud's packets on one clock, written to
        /// a folder as they arrive (`RigRecorder`). No GL.
        .target(name: "LiveRig", dependencies: ["AttitudeMath", "MonotonicTime", "ExitKinds", "FileAccess", "IMUD", "Imaging", "RecordFolder"]),
        /// The estimator's throughput on a seeded synthetic log or a raw log (`EstimatorBenchmark`, `attitude bench`).
        /// No GL, no pictures.
        .target(name: "Benchmarks", dependencies: ["AttitudeMath", "MonotonicTime", "Fusion", "RawLog"]),
        /// Offscreen rendering timed phase by phase, and `bench --write-video`'s test video (`RenderBenchmark`,
        /// `steady-dice bench`).
        .target(name: "RenderBenchmarks", dependencies: ["AttitudeMath", "MonotonicTime", "ExitKinds", "CGL", "FileAccess", "Imaging", "Render", "Pixels"]),
        /// A folder `steady-dice record` wrote: its layout (`RigFolder`) and its reader (`RigRecording`). No GL.
        .target(name: "RecordFolder", dependencies: ["AttitudeMath", "CSVText", "ExitKinds", "FileAccess", "IMUD", "Imaging", "RawLog", "SafeText"]),
        /// Calibration as a library service (`RigCalibrator`): a clip and a log, or a record folder, in; a `Rig` out,
        /// the frame pairs' fit judged against the spans'. `CalibrationReport`: the lines `calibrate` prints. No GL, no
        /// command line.
        .target(name: "RigCalibration", dependencies: ["AttitudeMath", "ExitKinds", "AttitudeLog", "Calibration", "CalibrationFiles", "Camera", "Footage", "LensProfiles",
                                                       "Pixels", "RawLog", "RecordFolder", "Recording", "Rig"]),
        /// Where the device is: the magnetic models (WMM2025, IGRF-14), Location.csv, position filters, SRTM terrain. No GL.
        .target(name: "Location", dependencies: ["AttitudeMath", "ExitKinds", "CSVText", "FileAccess", "SafeText"], exclude: ["igrf14coeffs.PROVENANCE.md"],
                resources: [.copy("WMM.COF"), .copy("igrf14coeffs.txt")]),

        /// Plots: `Figure` (panels, lines, legends), `Layout` (axes, ticks, data to pixels), `CairoPlot` (PNG and SVG
        /// through Cairo), `AttitudePlots` (attitude over time and its errors), `TrackPlots` (position tracks in metres,
        /// through Location's `LocalPlane`). No GL.
        .target(name: "Plot", dependencies: ["CCairo", "ExitKinds", "AttitudeMath", "AttitudeLog", "Location", "Pixels"]),

        // MARK: - The frame pipeline, and the synthetic calibration clip
        /// The frame pipeline that the window, `snapshot`, `render` and the library draw through. A `FramePipeline` for
        /// each kind of clock: `WallClockPipeline` (wall time, `run`) and `SteppedPipeline` (one instant for `snapshot`,
        /// fixed steps for `render`). Its parts: the attitude sources (`AttitudeSource`), the background frames
        /// (`BackgroundFrames`), the `FrameComposer` (reference pose, smoothed tilt, HUD), the drawing settings
        /// (`DrawingSettings`) and the loaded camera (`LoadedCamera`), the offscreen scene (`OffscreenScene`). Each
        /// drawing command's job is one request (`PlaybackRequest`, `SnapshotRequest`, `RenderRequest`). No
        /// ArgumentParser.
        .target(name: "Scene", dependencies: [
            "AttitudeMath", "MonotonicTime", "AttitudeLog", "CalibrationFiles", "Camera", "ExitKinds", "FileAccess", "Footage", "Imaging", "Render", "IMUD", "Rig", "LogLoading",
            "Pixels", "Recording",
            "SafeText", "Workers", .product(name: "Logging", package: "swift-log"),
        ]),
        /// The synthetic calibration clip: a BROAD trial's motion (RawLog's `SyntheticMotion`) seen through a known camera,
        /// lens, rolling shutter and blur (`SyntheticCalibrationClip`), and `calibration-clip`'s run
        /// (`CalibrationClipJob`). No ArgumentParser.
        .target(name: "SyntheticClip", dependencies: [
            "AttitudeMath", "ExitKinds", "AttitudeLog", "Calibration", "CalibrationFiles", "Camera", "FileAccess", "Imaging", "RawLog", "Render", "Rig", "CPanoramaRaster",
            "Pixels",
        ]),
        /// `run`'s window (`AppWindow`): GLFW, the keys (`WindowKey`, `ViewControls`), the frame loop over a frame
        /// pipeline.
        .target(name: "Window", dependencies: [
            "Scene", "Render", "Imaging", "FileAccess", "SafeText", "AttitudeMath", "MonotonicTime", "Workers", "CGL", "CGLFW", "Pixels",
            .product(name: "Logging", package: "swift-log"),
        ]),
        /// What the front ends of both tools share, and nothing that draws (`attitude` links no OpenGL): the option
        /// groups two or more commands use, option values (`PictureSize` as `WxH`, `QuaternionArgument`,
        /// `Vector3Argument`), the exit-status table (`ExitStatus`), the one-line errors (`mainWithOneLineErrors`),
        /// errors worded with the options they name (`CommandLineWorded`), the stderr message handler (`Messages`), the
        /// version (`SteadyDiceVersion`) and the heap's settings (`ProcessHeap`).
        .target(name: "CommandLineSupport", dependencies: [
            "AttitudeMath", "AttitudeLog", "Camera", "Location", "RawLog", "Fusion", "Recording", "CSVText", "SafeText",
            "Workers", "LogLoading", "ExitKinds", "Rig", "Pixels", "CMalloc",
            .product(name: "ArgumentParser", package: "swift-argument-parser"), .product(name: "Logging", package: "swift-log"),
        ]),
        /// The option groups of the commands that draw a frame (`run`, `snapshot`, `render`): `DrawingOptions`,
        /// `AttitudeSourceOptions`, `IMUDOptions`, `AssetsOptions`, each turned into `Scene`'s request. The pipeline's
        /// and the renderer's errors and notes worded with the options (`DrawingWords.swift`). A video as its own log
        /// (`VideoOwnLog`).
        .target(name: "SceneCommandLine", dependencies: [
            "CommandLineSupport", "Scene", "AttitudeMath", "CalibrationFiles", "Camera", "CameraMotion", "CSVText", "FileAccess", "IMUD", "Imaging", "Pixels", "Render",
            "Rig",
            "SafeText", "SteadyDiceAssets", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        /// The library product: the offscreen `Snapshotter`, the picture comparison (`ImageComparison`), and re-exports of what
        /// a user needs (the drawing settings, the frame pipelines, the log loader, the rig and its calibrator). No
        /// command-line types, no recorder, file jobs or synthetic clip.
        .target(name: "SteadyDiceKit", dependencies: [
            "Scene", "AttitudeMath", "AttitudeLog", "CalibrationFiles", "Camera", "Imaging", "Render", "Calibration", "Rig", "RigCalibration", "LogLoading", "Pixels",
        ]),

        /// The commands of `steady-dice` (run, snapshot, render, compare, feed, bench, record, calibrate,
        /// calibration-clip), a file a command: options in, library calls, messages out.
        .target(
            name: "SteadyDiceCommands",
            dependencies: [
                "AttitudeMath", "AttitudeLog", "MonotonicTime", "CalibrationFiles", "Camera", "Imaging", "Render", "IMUD", "Calibration",
                "CSVText", "FileAccess", "SafeText", "SteadyDiceKit", "SteadyDiceAssets", "Scene", "SceneCommandLine", "SyntheticClip", "Window", "CommandLineSupport",
                "Workers", "LiveRig", "RenderBenchmarks", "Rig", "RigCalibration", "LogLoading", "Pixels",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        /// The commands of `attitude` (fuse, convert, eval, plot, compare, bench, views, declination, location,
        /// terrain), a file a command.
        .target(
            name: "AttitudeCommands",
            dependencies: [
                "AttitudeMath", "Camera", "Plot", "SteadyDiceAssets", "AttitudeLog", "CSVText", "Fusion", "RawLog", "Location", "FileAccess", "SafeText", "CommandLineSupport",
                "FusionJobs", "Benchmarks", "LogLoading", "Pixels",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: - Executables
        /// `steady-dice`: the program's name, version and commands (`SteadyDiceCommands`), and its one-line errors.
        .executableTarget(
            name: "SteadyDice",
            dependencies: ["CommandLineSupport", "SteadyDiceCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        /// `attitude`: the program's name, version and commands (`AttitudeCommands`), and its one-line errors.
        .executableTarget(
            name: "AttitudeTool",
            dependencies: ["CommandLineSupport", "AttitudeCommands", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // MARK: - Tests
        // A `<Module>Tests` target for each library module with logic, CommandLineTests for the executables end to end,
        // and the helpers two or more of them share in four support targets, each depended on only by the tests that use
        // it, so that a test of values or logs depends on neither OpenGL nor OpenCV (docs/tests.md lists what each holds).
        /// The light core: scratch folders, the shared data and the repository's fixtures, what a test needs from the
        /// machine, seeded randomness, attitude assertions, tumbling IMU samples, OpenCV's camera file written as text, what
        /// threads collect into a `Locked` collection, a lens of every model with seeded rays. Value modules only.
        .target(name: "TestSupport", dependencies: ["AttitudeMath", "CSVText", "Pixels", "Camera", "Workers"], path: "Tests/TestSupport"),
        /// Commands: the built executables and other tools run as processes with a deadline (BuiltTool, CommandHarness),
        /// the synthetic clips `calibration-clip` makes, cached (SyntheticClips), and option groups' refusals parsed in-process.
        .target(name: "CommandTestSupport", dependencies: ["TestSupport", "Workers", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Tests/CommandTestSupport"),
        /// Logs: synthetic raw IMU logs and location tracks, GoPro motion payloads built by hand, and the test cases of the log and
        /// location readers with their files.
        .target(name: "LogTestSupport", dependencies: ["TestSupport", "AttitudeMath", "CameraMotion", "Location", "RawLog"],
                path: "Tests/LogTestSupport"),
        /// Pictures: the headless renderer (OpenGL), golden images, the die's silhouette projected independently, test
        /// video frames written through OpenCV, masks of the pixels a die covers, a clip warped through a lens.
        .target(name: "PictureTestSupport", dependencies: ["CommandTestSupport", "AttitudeMath", "Camera", "CGL", "FileAccess", "Imaging", "Render", "Pixels",
                                                   "SteadyDiceKit"],
                path: "Tests/PictureTestSupport"),
        .testTarget(name: "SafeTextTests", dependencies: ["SafeText"]),
        .testTarget(name: "PixelsTests", dependencies: ["Pixels", "ExitKinds"]),
        .testTarget(name: "CSVTextTests", dependencies: ["CSVText", "ExitKinds", "AttitudeMath", "TestSupport"]),
        .testTarget(name: "PlotTests", dependencies: ["Plot", "ExitKinds", "Imaging", "AttitudeLog", "Location", "PictureTestSupport", "TestSupport", "Pixels"], exclude: ["Goldens"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess", "ExitKinds", "TestSupport"]),
        .testTarget(name: "AttitudeMathTests", dependencies: ["AttitudeMath", "Pixels", "ExitKinds", "TestSupport"]),
        .testTarget(name: "AttitudeLogTests", dependencies: ["AttitudeLog", "ExitKinds", "Recording", "FileAccess", "TestSupport", "AttitudeMath", "MonotonicTime"]),
        .testTarget(name: "CameraTests", dependencies: ["Camera", "Pixels", "ExitKinds", "AttitudeMath", "TestSupport"]),
        .testTarget(name: "SteadyDiceAssetsTests", dependencies: ["SteadyDiceAssets", "TestSupport"]),
        .testTarget(name: "LensProfilesTests", dependencies: ["LensProfiles", "Pixels", "Camera", "CameraMotion", "ExitKinds", "SteadyDiceAssets"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "ExitKinds", "Camera", "Imaging", "AttitudeMath", "SteadyDiceKit", "CommandTestSupport", "PictureTestSupport", "TestSupport", "Pixels"],
                    exclude: ["Goldens"]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "CMalloc", "ExitKinds", "AttitudeLog", "Location", "RawLog", "Recording", "LogLoading",
                                                            "CommandTestSupport", "TestSupport", "AttitudeMath", "Camera", "MonotonicTime",
                                                           "Fusion", "Pixels", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "SceneCommandLineTests", dependencies: ["SceneCommandLine", "CommandLineSupport", "Scene", "AttitudeMath", "Camera", "IMUD", "Imaging", "Pixels", "Render", "Rig",
                                                         "CommandTestSupport", "TestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "MonotonicTimeTests", dependencies: ["MonotonicTime"]),
        .testTarget(name: "WorkersTests", dependencies: ["Workers", "ExitKinds", "MonotonicTime"]),
        .testTarget(name: "LogLoadingTests", dependencies: ["LogLoading", "AttitudeLog", "AttitudeMath", "ExitKinds", "Fusion", "Location", "RawLog", "LogTestSupport", "TestSupport",
                                                   .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "SceneTests", dependencies: [
            "Scene", "ExitKinds", "IMUD", "AttitudeMath", "AttitudeLog", "Camera", "Pixels", "Render", "Rig", "LogTestSupport", "PictureTestSupport", "TestSupport", "Imaging", "LogLoading",
            .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
        ]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Camera", "AttitudeMath", "MonotonicTime", "ExitKinds", "FileAccess", "CommandTestSupport", "PictureTestSupport", "TestSupport", "Pixels", "Workers"]),
        .testTarget(name: "CalibrationFilesTests", dependencies: ["CalibrationFiles", "AttitudeMath", "Camera", "ExitKinds", "Pixels", "Rig", "TestSupport"]),
        .testTarget(name: "FootageTests", dependencies: ["Footage", "LensProfiles", "Pixels", "AttitudeLog", "AttitudeMath", "Calibration", "Camera", "Imaging", "Rig",
                                                  "CommandTestSupport", "TestSupport"]),
        .testTarget(name: "CalibrationTests", dependencies: ["Calibration", "Pixels", "ExitKinds", "AttitudeMath", "Camera", "RawLog", "CVShim", "Rig", "TestSupport"]),
        .testTarget(name: "IMUDTests", dependencies: ["IMUD", "SafeText", "AttitudeMath", "MonotonicTime", "AttitudeLog", "ExitKinds", "TestSupport", "Workers",
                                               .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "FusionTests", dependencies: ["Fusion", "ExitKinds", "AttitudeMath", "LogTestSupport"]),
        .testTarget(name: "CameraMotionTests", dependencies: ["AttitudeMath", "ExitKinds", "CameraMotion", "RawLog", "CommandTestSupport", "LogTestSupport", "TestSupport"]),
        .testTarget(name: "RawLogTests", dependencies: ["RawLog", "ExitKinds", "Recording", "AttitudeMath", "AttitudeLog", "CommandTestSupport", "LogTestSupport", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "LocationTests", dependencies: ["Location", "ExitKinds", "CSVText", "RawLog", "AttitudeMath", "AttitudeLog", "LogTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "SteadyDiceKitTests", dependencies: ["SteadyDiceKit", "PictureTestSupport", "TestSupport"]),
        .testTarget(name: "RigTests", dependencies: ["Rig", "Pixels", "Camera", "AttitudeMath", "ExitKinds"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "ExitKinds", "AttitudeMath", "TestSupport"]),
        .testTarget(name: "RecordFolderTests", dependencies: ["Pixels", "ExitKinds", "RecordFolder", "AttitudeMath", "Imaging", "TestSupport"]),
        .testTarget(name: "LiveRigTests", dependencies: ["Pixels", "LiveRig", "RecordFolder", "IMUD", "Imaging", "FileAccess", "AttitudeMath", "ExitKinds", "TestSupport", "Workers"]),
        .testTarget(name: "FusionJobsTests", dependencies: ["FusionJobs", "LogLoading", "AttitudeLog", "AttitudeMath", "CalibrationFiles", "Camera", "FileAccess", "Fusion", "Imaging", "Pixels",
                                                   "RawLog", "Rig", "Footage", "Scene", "LogTestSupport", "PictureTestSupport", "TestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "BenchmarksTests", dependencies: ["AttitudeMath", "Benchmarks", "Fusion"]),
        .testTarget(name: "RenderBenchmarksTests", dependencies: ["Pixels", "ExitKinds", "RenderBenchmarks", "FileAccess", "Imaging", "Render", "TestSupport"]),
        .testTarget(name: "SyntheticClipTests", dependencies: ["SyntheticClip", "ExitKinds", "Pixels", "AttitudeLog", "AttitudeMath", "Calibration", "CalibrationFiles", "Camera", "FileAccess",
                                                      "Imaging", "RawLog", "Render", "Rig", "LogTestSupport", "TestSupport"]),
        .testTarget(name: "RigCalibrationTests", dependencies: ["Pixels", "ExitKinds", "RigCalibration", "AttitudeMath", "Calibration", "CalibrationFiles", "Camera", "FileAccess", "Footage", "Imaging", "LensProfiles",
                                                       "RawLog", "RecordFolder", "Render", "Rig", "SyntheticClip", "PictureTestSupport", "TestSupport"]),
        .testTarget(name: "WindowTests", dependencies: ["Window", "Pixels", "Scene", "AttitudeLog", "AttitudeMath", "Render", "CGLFW", "PictureTestSupport",
                                               .product(name: "Logging", package: "swift-log"),
                                               .product(name: "InMemoryLogging", package: "swift-log")]),
        .testTarget(name: "SteadyDiceCommandsTests", dependencies: [
            "SteadyDiceCommands", "Pixels", "AttitudeMath", "Calibration", "Camera", "IMUD", "Recording", "RigCalibration", "SyntheticClip", "CommandTestSupport",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "AttitudeCommandsTests", dependencies: [
            "AttitudeCommands", "AttitudeMath", "CommandLineSupport", "Fusion", "LogLoading", "Pixels", "Plot", "CommandTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        /// The two executables end to end, run as processes (BuiltTool, CommandHarness): every command, the window
        /// under xdotool, help, install, and the hostile-input and file-policy fuzzers with their corpus.
        .testTarget(name: "CommandLineTests", dependencies: [
            "AttitudeMath", "MonotonicTime", "AttitudeLog", "CalibrationFiles", "Camera", "CameraMotion", "Scene", "CVShim", "FileAccess", "Footage", "IMUD", "Imaging", "Location", "LogLoading", "RawLog",
            "CommandLineSupport", "LiveRig", "Render", "SafeText", "SteadyDiceKit", "CommandTestSupport", "LogTestSupport", "PictureTestSupport", "TestSupport", "Rig", "RigCalibration", "RecordFolder", "Pixels", "Workers",
        ], exclude: ["Fixtures"]),
    ]
)

// A test target's own code is compiled without optimisation (`-Onone` after the build's `-O`): it states cases and
// checks answers, and optimising it cost a seventh of a clean build's CPU (60 of 395 CPU-seconds) for nothing the tests
// wait on. The code tests spend their time in is the library's, and the support targets' (a pixel loop over every frame
// belongs there), which stay optimised. Test targets are in no product, so a package that depends on this one never
// builds these flags.
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"])]
}
