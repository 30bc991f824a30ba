import ArgumentParser
struct Run: ParsableCommand {
    func run() throws {}
}
struct Bench: ParsableCommand {
    func run() throws {}
}
