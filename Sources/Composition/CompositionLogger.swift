import Logging

/// The logger the composition layer writes to when it is handed none. Its label names the layer; the
/// executables' handler prefixes every line with the program's name, whatever the label.
public enum Composition {
    public static var logger: Logger { Logger(label: "steady-dice.composition") }
}
