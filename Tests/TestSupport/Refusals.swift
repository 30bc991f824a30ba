import Foundation
import XCTest

/// What `body` throws, as text, or "accepted" when it returns: a refusal compared as one string.
public func refusal(_ body: () throws -> Any) -> String {
    do {
        _ = try body()
        return "accepted"
    } catch {
        return "\(error)"
    }
}

/// The error of type `E` that `body` throws; nil, and the test failed, when it throws nothing or another error.
public func thrown<E: Error>(_ type: E.Type, by body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> E? {
    do {
        try body()
        XCTFail("expected \(E.self)", file: file, line: line)
    } catch let error as E {
        return error
    } catch {
        XCTFail("unexpected \(error)", file: file, line: line)
    }
    return nil
}
