/// A count and its noun, `1 book` and `2 books`, the one way every message and table says it.
enum Plural {
    /// `count` and `noun`, with `plural` (default: `noun` and an s) unless `count` is 1.
    static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }
}
