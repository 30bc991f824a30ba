// OpenCV is C++; only the shim (CVShim) includes its headers. This module brings pkg-config's
// opencv4 flags (the versioned include folder, the libraries) to the shim, and its version
// macros, which are plain C, to anyone who wants them.
#include <opencv2/core/version.hpp>
