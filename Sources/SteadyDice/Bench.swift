import ArgumentParser
struct Bench: ParsableCommand {
    func run() throws {}
}
