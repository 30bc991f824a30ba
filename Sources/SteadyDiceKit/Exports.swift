// What a user of the library needs besides the snapshot API itself: quaternions and frames (AttitudeMath),
// attitude logs and their reader (AttitudeLog), the loader of any log (LogLoading), the camera model (Camera),
// pictures (Pixels, read and written by Imaging), the scene's model and colours (Render), and from the frame pipeline
// (Scene) the drawing settings, the scene source and the pipelines (one a kind of clock) with the offscreen scene. And
// calibration: the rig (Rig) and its file (CalibrationFiles), the calibrator that finds it from a clip and a log or a
// record folder (RigCalibration), and the lens models and errors it names (Calibration). Not the command-line types,
// the recorder or the file jobs.
// Re-exported here, in the library product's one umbrella file, so that a user imports one module.
@_exported import AttitudeLog
@_exported import AttitudeMath
@_exported import Calibration
@_exported import CalibrationFiles
@_exported import Camera
@_exported import Imaging
@_exported import Pixels
@_exported import Render
@_exported import struct Scene.DrawingSettings
@_exported import struct Scene.CameraSettings
@_exported import enum Scene.LensDrawing
@_exported import enum Scene.AnchorOrigin
@_exported import enum Scene.DrawingSettingsError
@_exported import enum Scene.DrawingNote
@_exported import struct Scene.DrawingNotes
@_exported import struct Scene.FixedAttitudeNames
@_exported import struct Scene.SceneSource
@_exported import struct LogLoading.FusionTrack
@_exported import enum LogLoading.MagnetometerCorrection
@_exported import func LogLoading.loadAnyAttitudeLog
@_exported import func LogLoading.loadAnyAttitudeLogWithFusion
@_exported import protocol Scene.FramePipeline
@_exported import class Scene.SteppedPipeline
@_exported import enum Scene.SteppedClock
@_exported import class Scene.WallClockPipeline
@_exported import struct Scene.WallClock
@_exported import enum Scene.AttitudeInput
@_exported import struct Scene.ComposedFrame
@_exported import class Scene.OffscreenScene
@_exported import struct Scene.BackgroundSettings
@_exported import enum Scene.BackgroundChoice
@_exported import Rig
@_exported import RigCalibration
