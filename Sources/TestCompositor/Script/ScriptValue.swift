import Foundation

/// A JSON value of a script line, with typed accessors that name the line when the type is wrong.
struct ScriptValue {
    let raw: Any
    let line: Int

    init(_ raw: Any, line: Int) {
        self.raw = raw
        self.line = line
    }

    func fail(_ message: String) -> ScriptError { ScriptError(line: line, message) }

    func string() throws(ScriptError) -> String {
        guard let value = raw as? String else { throw fail("expected a string, got \(raw)") }
        return value
    }

    func double() throws(ScriptError) -> Double {
        // JSON true/false also bridge to NSNumber; their Objective-C type is "c".
        guard let number = raw as? NSNumber, String(cString: number.objCType) != "c", number.doubleValue.isFinite else {
            throw fail("expected a number, got \(raw)")
        }
        return number.doubleValue
    }

    func integer<Integer: FixedWidthInteger>(_ type: Integer.Type = Integer.self) throws(ScriptError) -> Integer {
        let value = try double()
        guard value == value.rounded(), let exact = Integer(exactly: value) else {
            throw fail("expected an integer in \(Integer.min)…\(Integer.max), got \(raw)")
        }
        return exact
    }

    func bool() throws(ScriptError) -> Bool {
        guard let number = raw as? NSNumber, String(cString: number.objCType) == "c" else {
            throw fail("expected true or false, got \(raw)")
        }
        return number.boolValue
    }

    func array() throws(ScriptError) -> [ScriptValue] {
        guard let values = raw as? [Any] else { throw fail("expected an array, got \(raw)") }
        return values.map { ScriptValue($0, line: line) }
    }

    func strings() throws(ScriptError) -> [String] {
        var result: [String] = []
        for value in try array() { result.append(try value.string()) }
        return result
    }

    func object() throws(ScriptError) -> [String: ScriptValue] {
        guard let values = raw as? [String: Any] else { throw fail("expected an object, got \(raw)") }
        return values.mapValues { ScriptValue($0, line: line) }
    }

    /// An event written as `["name", arguments...]`: the name and the arguments.
    func event() throws(ScriptError) -> (name: String, arguments: [ScriptValue]) {
        let items = try array()
        guard let first = items.first else { throw fail("an event needs a name") }
        return (try first.string(), Array(items.dropFirst()))
    }
}

extension [String: ScriptValue] {
    func required(_ key: String, line: Int) throws(ScriptError) -> ScriptValue {
        guard let value = self[key] else { throw ScriptError(line: line, "missing \"\(key)\"") }
        return value
    }
}

extension [ScriptValue] {
    /// Checks an event's argument count; `name` is for the message.
    func expect(_ count: Int, for name: String, line: Int) throws(ScriptError) {
        guard self.count == count else {
            throw ScriptError(line: line, "\"\(name)\" takes \(count) argument(s), got \(self.count)")
        }
    }
}
