import CEGL

/// An OpenGL 3.3 core context with no window and no X server: EGL on Mesa's surfaceless platform.
/// Render into an `OffscreenTarget` while it is current.
///
/// Contexts nest: one made while another EGL context is current (a `Snapshotter` inside a test process
/// that keeps its own context) gives that context back when it goes, and leaves the display, which
/// EGL shares between them, initialised.
public final class HeadlessContext {
    private let display: EGLDisplay
    private let context: EGLContext
    private let previous: (display: EGLDisplay, context: EGLContext)?

    public init() throws {
        let previousContext = eglGetCurrentContext()
        previous = previousContext.map { (eglGetCurrentDisplay(), $0) }
        let platformSurfaceless = EGLenum(0x31DD)  // EGL_PLATFORM_SURFACELESS_MESA
        guard let display = eglGetPlatformDisplay(platformSurfaceless, nil, nil) else {
            throw RenderError.eglFailed(step: "eglGetPlatformDisplay(SURFACELESS_MESA)", code: eglGetError())
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw RenderError.eglFailed(step: "eglInitialize", code: eglGetError())
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGL_TRUE else {
            if previousContext == nil { eglTerminate(display) }
            throw RenderError.eglFailed(step: "eglBindAPI(OpenGL)", code: eglGetError())
        }
        let configAttributes: [EGLint] = [
            EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
            EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
            EGL_NONE,
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, configAttributes, &config, 1, &count) == EGL_TRUE, count > 0 else {
            if previousContext == nil { eglTerminate(display) }
            throw RenderError.eglFailed(step: "eglChooseConfig", code: eglGetError())
        }
        let contextAttributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3,
            EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_NONE,
        ]
        guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
            if previousContext == nil { eglTerminate(display) }
            throw RenderError.eglFailed(step: "eglCreateContext(OpenGL 3.3 core)", code: eglGetError())
        }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            eglDestroyContext(display, context)
            if previousContext == nil { eglTerminate(display) }
            throw RenderError.eglFailed(step: "eglMakeCurrent(no surface)", code: eglGetError())
        }
        self.display = display
        self.context = context
    }

    /// Runs `body` in a new context, current throughout, and drops the context after it. The GL objects `body` makes
    /// (renderers, targets) are its locals and so released when it returns, while their context is still current;
    /// released after the context, they would delete their names in whatever context is current then (another
    /// renderer's background, say). Nothing `body` returns may hold a GL object.
    public static func within<T>(_ body: () throws -> T) throws -> T {
        let context = try HeadlessContext()
        return try withExtendedLifetime(context) { try body() }
    }

    /// Makes this context current on the calling thread again: another context made and dropped since may have left
    /// its own predecessor current, or none.
    public func makeCurrent() throws {
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw RenderError.eglFailed(step: "eglMakeCurrent(no surface)", code: eglGetError())
        }
    }

    deinit {
        if let previous {
            eglMakeCurrent(previous.display, nil, nil, previous.context)
            eglDestroyContext(display, context)
        } else {
            eglMakeCurrent(display, nil, nil, nil)
            eglDestroyContext(display, context)
            eglTerminate(display)
        }
    }
}
