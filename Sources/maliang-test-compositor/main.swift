import Foundation
import Synchronization
import TestCompositor

/// maliang-test-compositor: the scripted test compositor, for running by hand.
///
///     maliang-test-compositor [--socket NAME] [--script FILE.jsonl | --chaos SEED [--seconds N]] [--exit-when-done]
///     maliang-test-compositor --latency TRACE --client PATH_TO_MALIANG [--busy-cores N] [--prediction]
///                             [--compositor-first] [--brush NAME] [--spokes N] [--runs N]
///     maliang-test-compositor --soak MINUTES --client PATH_TO_MALIANG [--sample SECONDS] [--seed N] [--only ACTION,...]
///
/// Prints the socket name, plays the script (see docs/test-compositor.md) — or, with --chaos, N seconds (default
/// 60) of randomized adversarial input from SEED — as clients connect and map windows, and keeps serving until
/// interrupted (or until the script or the chaos ends with --exit-when-done). --latency and --soak are benchmarks
/// that start the client themselves (docs/benchmarks.md).
let usage = """
    usage: maliang-test-compositor [--socket NAME] [--script FILE.jsonl | --chaos SEED [--seconds N]]
                                   [--exit-when-done]
           maliang-test-compositor --latency TRACE --client PATH_TO_MALIANG [--busy-cores N] [--prediction]
                                   [--compositor-first] [--brush NAME] [--spokes N] [--runs N]
           maliang-test-compositor --opening FILE --client PATH_TO_MALIANG [--runs N]
           maliang-test-compositor --soak MINUTES --client PATH_TO_MALIANG [--sample SECONDS] [--seed N]
                                   [--only ACTION,...]
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("maliang-test-compositor: \(message)\n".utf8))
    exit(1)
}

nonisolated(unsafe) var arguments = CommandLine.arguments.dropFirst()

func value(after option: String) -> String {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value\n\(usage)") }
    return value
}

var options = ScriptedCompositor.Options()
var scriptPath: String?
var exitWhenDone = false
var latencyTrace: String?
var latencyClient: String?
var latency = LatencyBenchmark.Options()
var latencyRuns = 1
var openingFile: String?
var chaosSeed: UInt64?
var chaosSeconds = 60.0
var soakMinutes: Double?
var soakSampleSeconds = 5.0
var soakSeed: UInt64 = 1
var soakOnly: Set<String>?
while let argument = arguments.popFirst() {
    switch argument {
    case "--socket": options.socketName = value(after: argument)
    case "--script": scriptPath = value(after: argument)
    case "--exit-when-done": exitWhenDone = true
    case "--latency": latencyTrace = value(after: argument)
    case "--opening": openingFile = value(after: argument)
    case "--client": latencyClient = value(after: argument)
    case "--busy-core": latency.busyCores = 1
    case "--compositor-first": latency.compositorFirst = true
    case "--busy-cores":
        guard let cores = Int(value(after: argument)), (0...64).contains(cores) else {
            fail("--busy-cores takes a number from 0 to 64")
        }
        latency.busyCores = cores
    case "--prediction": latency.prediction = true
    case "--brush": latency.brush = value(after: argument)
    case "--runs":
        guard let runs = Int(value(after: argument)), (1...100).contains(runs) else {
            fail("--runs takes a number from 1 to 100")
        }
        latencyRuns = runs
    case "--spokes":
        guard let spokes = Int(value(after: argument)), (2...12).contains(spokes) else {
            fail("--spokes takes a number from 2 to 12")
        }
        latency.spokes = spokes
    case "--chaos":
        guard let seed = UInt64(value(after: argument)) else { fail("--chaos needs a whole number seed") }
        chaosSeed = seed
    case "--seconds":
        guard let seconds = Double(value(after: argument)), seconds > 0 else { fail("--seconds needs a number") }
        chaosSeconds = seconds
    case "--soak":
        guard let minutes = Double(value(after: argument)), minutes > 0 else { fail("--soak needs minutes") }
        soakMinutes = minutes
    case "--sample":
        guard let seconds = Double(value(after: argument)), seconds >= 0.5 else { fail("--sample needs seconds ≥ 0.5") }
        soakSampleSeconds = seconds
    case "--only":
        let names = Set(value(after: argument).split(separator: ",").map(String.init))
        guard names.isSubset(of: SoakDriver.actionNames) else {
            fail("--only takes actions among: \(SoakDriver.actionNames.joined(separator: ", "))")
        }
        soakOnly = names
    case "--seed":
        guard let seed = UInt64(value(after: argument)) else { fail("--seed needs a whole number") }
        soakSeed = seed
    case "--help", "-h":
        print(usage)
        exit(0)
    default: fail("unknown argument \"\(argument)\"\n\(usage)")
    }
}

let interrupted = Atomic<Bool>(false)

if let soakMinutes {
    do {
        let passed = try SoakBenchmark.run(
            minutes: soakMinutes, client: latencyClient ?? "maliang", sampleSeconds: soakSampleSeconds, seed: soakSeed,
            only: soakOnly)
        exit(passed ? 0 : 1)
    } catch {
        fail("\(error)")
    }
}

if let openingFile {
    do {
        try OpeningBenchmark.run(file: openingFile, client: latencyClient ?? "maliang", runs: latencyRuns)
        exit(0)
    } catch {
        fail("\(error)")
    }
}

if let latencyTrace {
    do {
        try LatencyBenchmark.run(
            trace: latencyTrace, client: latencyClient ?? "maliang", options: latency, runs: latencyRuns)
        exit(0)
    } catch {
        fail("\(error)")
    }
}

do {
    let script = try scriptPath.map { try Script(contentsOf: URL(fileURLWithPath: $0)) }
    if let globals = script?.globals { options.globals = globals }
    let compositor = try ScriptedCompositor(options: options)
    FileHandle.standardOutput.write(Data("WAYLAND_DISPLAY=\(compositor.socketName)\n".utf8))
    let player = script.map { ScriptPlayer(script: $0, compositor: compositor) }
    var chaos: ChaosSession? = chaosSeed.map { ChaosSession(compositor: compositor, seed: $0, seconds: chaosSeconds) }
    // Interrupted: stop serving and shut down cleanly, so the socket does not outlive the compositor.
    signal(SIGINT) { _ in interrupted.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in interrupted.store(true, ordering: .relaxed) }
    while !interrupted.load(ordering: .relaxed) {
        compositor.dispatch(timeoutMilliseconds: 5)
        if let player, try player.advance(), exitWhenDone { break }
        if let session = chaos, try session.advance() {
            print("chaos \(session.seed) done: \(session.summary)")
            chaos = nil
            if exitWhenDone { break }
        }
    }
    compositor.shutDown()
} catch {
    fail("\(error)")
}
