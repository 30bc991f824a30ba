import ArgumentParser
import XCTest

/// What the command line says when `type` parses `arguments`, its `validate()` included: the message of the error it
/// throws, or nil when the arguments are taken.
public func refusal<T: ParsableArguments>(_ type: T.Type, _ arguments: [String]) -> String? {
    do {
        _ = try type.parse(arguments)
        return nil
    } catch {
        return type.message(for: error)
    }
}

/// Asserts that `type` refuses `arguments` with a message holding each of `words`.
public func assertRefused<T: ParsableArguments>(_ type: T.Type, _ arguments: [String], saying words: String...,
                                         file: StaticString = #filePath, line: UInt = #line) {
    guard let message = refusal(type, arguments) else {
        return XCTFail("\(arguments) was taken", file: file, line: line)
    }
    for word in words where !message.contains(word) {
        XCTFail("\(arguments): '\(message)' does not say '\(word)'", file: file, line: line)
    }
}
