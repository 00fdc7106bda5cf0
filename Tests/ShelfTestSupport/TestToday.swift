public import FrontMatter
import ShelfKit

/// The day the tests take as today: what libraries made with it write for `added`, `started`,
/// `finished` and sessions, so files and outputs are the same on every run.
public let testToday = Day(year: 2024, month: 3, day: 15) ?? Day.today()
