/// Mutates front matter files the way broken and hostile files differ from good ones:
/// flipped bits, stray YAML punctuation, tabs, cut lines, duplicated and spliced chunks,
/// invalid UTF-8 and deep nesting.
public struct Mutator: Sendable {
    private static let tokens: [[UInt8]] = [
        "---", "...", ":", ": ", "- ", "#", "&a ", "*a", "!!str ", "!!int ", "[", "]", "{", "}", ",", "'", "\"",
        "|", ">", "|-", ">+", "\t", "\r\n", "\n", "\r", "\r\r\r\r", "  ", "~", "null", "yes", "0x", "2024-02-30", "\\", "%YAML 1.2\n",
        "? ", "<<: ", "\u{FEFF}", "é", "村", "📚", "\u{2028}",
    ].map { Array($0.utf8) }

    /// Creates a mutator.
    public init() {}

    /// Returns `input` with one to four random mutations.
    public func mutate(_ input: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0 where !bytes.isEmpty:
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            case 1:
                bytes.insert(contentsOf: Self.tokens.randomElement(using: &random) ?? [], at: position)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &random))
                bytes.removeSubrange(min(position, end)..<end)
            case 3 where !bytes.isEmpty:
                let start = Int.random(in: 0..<bytes.count, using: &random)
                let end = min(bytes.count, start + Int.random(in: 1...64, using: &random))
                bytes.insert(contentsOf: Array(bytes[start..<end]), at: position)
            case 4:
                bytes.insert(UInt8.random(in: 0x80...0xFF, using: &random), at: position)
            case 5:
                let depth = Int.random(in: 1...200, using: &random)
                bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "["), count: depth), at: position)
            case 6 where !bytes.isEmpty:
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8(ascii: "\t")
            case 7:
                bytes.insert(contentsOf: Array("\nk: v\nk: w\n".utf8), at: position)
            default:
                if let line = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) {
                    bytes.insert(contentsOf: Array(repeating: UInt8(ascii: " "), count: Int.random(in: 1...3, using: &random)), at: line + 1)
                }
            }
        }
        return bytes
    }
}
