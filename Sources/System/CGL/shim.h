// OpenGL 3.3 core entry points, linked directly from glvnd's libOpenGL (dispatches to the current
// EGL or GLX context).
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
