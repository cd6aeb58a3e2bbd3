import TestCompositor

/// `--chaos`: once a window is mapped with a tablet seat, plugs in a tablet with a pen and an eraser and plays
/// ``ChaosPlayer`` for the given time, then calms the session (the client can be checked by hand after).
final class ChaosSession {
    let seed: UInt64
    private let compositor: ScriptedCompositor
    private let seconds: Double
    private var player: ChaosPlayer?
    private var deadline: ContinuousClock.Instant?

    init(compositor: ScriptedCompositor, seed: UInt64, seconds: Double) {
        self.compositor = compositor
        self.seed = seed
        self.seconds = seconds
    }

    var summary: String { player?.summary ?? "nothing played" }

    /// Plays one action when ready; true once the time is up and the session calmed.
    func advance() throws -> Bool {
        guard let player else {
            guard compositor.clientIsReady else { return false }
            try compositor.addTablet(TabletSpec(id: "t1"))
            try compositor.addTool(ToolSpec(id: "pen"))
            try compositor.addTool(ToolSpec(id: "eraser", type: .eraser))
            self.player = ChaosPlayer(compositor: compositor, seed: seed)
            deadline = .now + .seconds(seconds)
            print("chaos \(seed): \(seconds) s")
            return false
        }
        if let deadline, ContinuousClock.now >= deadline {
            try player.calm()
            return true
        }
        player.step()
        return false
    }
}
