/// One element added to or removed from a list, without retyping the list: `shelf set
/// tags+=reread`, `shelf tag dune -kindle`.
extension Book {
    /// A change to one element of a list key.
    package enum ListChange: Sendable, Hashable {
        /// Appends the element, unless the list has it already.
        case add(String)
        /// Removes the element; a list without it is an error, so a typo is not taken for done.
        case remove(String)
    }

    /// The book with `changes` made, in order, to the list under `key`: a list field of the
    /// table (`authors`, `tags`, also by an alternative key) or a custom key holding a list of
    /// text. A key the book does not have starts as an empty list. The list keeps its other
    /// elements and their order, so the file's edit touches only the element's bytes and keeps
    /// the list's style (flow `[a, b]` or block `- a`). Removing the last element of a field of
    /// the table removes its key: a book reads the same without it (`unset` does the same).
    ///
    /// ```swift
    /// try await library.update("dune") { book in book = try book.changingList("tags", [.add("reread"), .remove("kindle")]) }
    /// ```
    /// - Throws: ``ShelfError/invalidValue(path:key:value:reason:at:)`` when the key
    ///   holds something other than a list, or an element to remove is not in it.
    package func changingList(_ key: String, _ changes: [ListChange]) throws(ShelfError) -> Book {
        var items: [String]
        let field = BookSchema.field(named: key, in: self)
        let name = field?.key ?? key
        func invalid(_ value: String, _ reason: String) -> ShelfError {
            .invalidValue(path: path, key: name, value: value, reason: reason, at: nil)
        }
        if let field {
            guard field.valueType == .textList else {
                throw invalid("", "is not a list, so it has no elements to add or remove")
            }
            if case .textList(let list)? = field.get(self) { items = list } else { items = [] }
        } else {
            switch value(forKey: key) {
            case nil, .null?:
                items = []
            case .list(let list)?:
                items = []
                for element in list {
                    guard case .string(let text) = element else {
                        throw invalid("", "holds a list of other values than text; set the whole list")
                    }
                    items.append(text)
                }
            default:
                throw invalid("", "is not a list, so it has no elements to add or remove")
            }
        }
        for change in changes {
            switch change {
            case .add(let element):
                guard !element.allSatisfy(\.isWhitespace) else { throw invalid(element, "cannot get an empty element") }
                if !items.contains(element) { items.append(element) }
            case .remove(let element):
                guard items.contains(element) else {
                    let reason = items.isEmpty ? "has no element \"\(element)\"; it is empty"
                        : "has no element \"\(element)\"; its elements are " + items.joined(separator: ", ")
                    throw invalid("", reason)
                }
                items.removeAll { $0 == element }
            }
        }
        var result = self
        if let field {
            field.set(&result, items.isEmpty ? nil : .textList(items))
        } else {
            result.setExtra(key, .list(items.map(YAMLValue.string)))
        }
        return result
    }

    /// The elements of a list written as text on a command line: `Frank Herbert, Brian
    /// Herbert` is two. A comma inside an element is written `\,`, a backslash `\\`; spaces
    /// around each element go, and empty elements are dropped.
    package static func listElements(of text: String) -> [String] {
        var elements: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                elements.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        elements.append(current)
        return elements.map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
            .filter { !$0.isEmpty }
    }
}
