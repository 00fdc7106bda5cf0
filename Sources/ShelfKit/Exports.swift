// `Day`, `YAMLValue` and `FrontMatterError` appear in ShelfKit's API, so importing ShelfKit
// brings them along. Re-exported whole, not by typealiases: under the MemberImportVisibility
// feature this package builds with, a typealias names a type but not its members (`.string`,
// `day.year`), so every client would have to import FrontMatter anyway.
@_exported public import FrontMatter
