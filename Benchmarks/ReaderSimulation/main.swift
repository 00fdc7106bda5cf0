import Foundation
import ReaderSimulation
import ShelfKit

// shelf-simulate: runs many simulated readers' months against the model and reports every
// seed that diverged, with the steps that reproduce it.
//
//   swift run -c release shelf-simulate [--seeds N] [--first SEED] [--steps N] [--no-index] [--devices]
//                                       [--adopted statusKey|statusTag|statusFolders|all]
//
// --devices gives the reader two git clones synced through shelf's merge driver; it runs the
// `shelf` built beside this program. --adopted lives the months in a library adopted from notes
// in that style (all: the styles in turn, seed by seed).

var seeds = 2000
var first: UInt64 = 1
var steps = 200
var index = IndexOptions.enabled
var devices = false
var adoptedStyles: [AdoptedNotes?] = [nil]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seeds": seeds = arguments.popFirst().flatMap { Int($0) } ?? seeds
    case "--first": first = arguments.popFirst().flatMap { UInt64($0) } ?? first
    case "--steps": steps = arguments.popFirst().flatMap { Int($0) } ?? steps
    case "--no-index": index = .disabled
    case "--devices": devices = true
    case "--adopted":
        let name = arguments.popFirst() ?? ""
        adoptedStyles = name == "all" ? AdoptedNotes.allCases : [AdoptedNotes(rawValue: name)]
    default:
        FileHandle.standardError.write(Data(("usage: shelf-simulate [--seeds N] [--first SEED] [--steps N] [--no-index] [--devices] "
                                             + "[--adopted statusKey|statusTag|statusFolders|all]\n").utf8))
        exit(2)
    }
}

let base = FileManager.default.temporaryDirectory.path + "/shelf-simulate-\(getpid())"
let began = Date()
var diverged: [ReaderSimulation.Outcome] = []
var stepsRun = 0
var undos = 0
for seed in first..<(first + UInt64(seeds)) {
    let folder = base + "/\(seed)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let shelf = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("shelf").path
    let adopted = adoptedStyles[Int(seed % UInt64(adoptedStyles.count))]
    let outcome = await ReaderSimulation(index: index, twoDevicesWith: devices ? shelf : nil, adopted: adopted)
        .run(seed: seed, steps: steps, in: folder)
    try? FileManager.default.removeItem(atPath: folder)
    stepsRun += outcome.steps
    undos += outcome.script.filter { $0 == "shelf undo" }.count
    if outcome.divergence != nil {
        diverged.append(outcome)
        print(outcome)
    }
}
try? FileManager.default.removeItem(atPath: base)
let seconds = Date().timeIntervalSince(began)
print("\(seeds) seeds, \(stepsRun) steps (\(undos) of them shelf undo), \(diverged.count) diverged, \(String(format: "%.1f", seconds)) s (\(index.isEnabled ? "index" : "no index")\(devices ? ", two devices" : "")\(adoptedStyles != [nil] ? ", adopted notes" : ""))")
exit(diverged.isEmpty ? 0 : 1)
