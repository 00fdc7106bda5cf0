// `Day`, `YAMLValue` and `FrontMatterError` appear in ShelfKit's API, so importing ShelfKit
// brings them along.
@_exported public import FrontMatter
