// What a user of the library needs besides the snapshot API itself: quaternions and frames
// (AttitudeMath), attitude logs and their reader (AttitudeLog, and the shared loader in
// Composition, with the attitude sources, the timeline and the frame composer), the camera model (Camera), pictures (Imaging) and the scene's model and colours (Render);
// and calibration: the rig (Rig), the calibrator that finds it from a clip and a log or a record folder (RigCalibration),
// and the lens models and errors it names (Calibration).
@_exported import AttitudeLog
@_exported import AttitudeMath
@_exported import Calibration
@_exported import Camera
@_exported import Composition
@_exported import Imaging
@_exported import Render
@_exported import Rig
@_exported import RigCalibration
