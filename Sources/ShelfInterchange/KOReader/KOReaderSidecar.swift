internal import Foundation

/// What a book's KOReader sidecar (`metadata.epub.lua`, in `BOOK.sdr/` beside the book or in
/// KOReader's `docsettings`/`hashdocsettings` folders) says about the book that the statistics
/// database does not: its identifiers, the status the reader gave it, and its partial md5, which
/// ties it to the database's rows.
struct KOReaderSidecar: Sendable, Hashable {
    /// KOReader's partial md5 of the book file (`partial_md5_checksum`, else `stats.md5`).
    var md5: String
    var title: String?
    var authors: String?
    /// ISBNs among the identifiers (`isbn:9781324035442`, or a bare ISBN line).
    var isbns: [String]
    /// An Open Library edition id among the identifiers (`openlibrary:OL7353617M`).
    var openLibrary: String?
    /// `reading`, `complete` or `abandoned` (shown as "On hold"), from `summary.status`.
    var status: String?
    /// The file the sidecar was read from, for messages.
    var path: String

    /// Reads a sidecar's bytes; `nil` when it names no md5 (then it cannot be tied to any row).
    /// - Throws: ``KOReaderError/unreadableSidecar(path:line:reason:)`` when it is not a Lua table.
    static func read(_ bytes: [UInt8], path: String) throws(KOReaderError) -> KOReaderSidecar? {
        let root: LuaValue
        do throws(LuaTableReader.Failure) {
            root = try LuaTableReader.read(bytes)
        } catch {
            throw .unreadableSidecar(path: path, line: error.line, reason: error.reason)
        }
        guard let md5 = (root["partial_md5_checksum"]?.text ?? root["stats"]?["md5"]?.text)?.lowercased(),
              !md5.isEmpty else { return nil }
        let properties = root["doc_props"]
        let identifiers = (properties?["identifiers"]?.text ?? "").split(whereSeparator: \.isNewline)
        var isbns: [String] = []
        var openLibrary: String?
        for line in identifiers {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let (scheme, value) = parts.count == 2 ? (parts[0].lowercased(), parts[1]) : ("", parts.first ?? "")
            switch scheme {
            case "isbn", "": if Self.looksLikeISBN(value), !isbns.contains(value) { isbns.append(value) }
            case "openlibrary", "olid", "ol": if value.hasPrefix("OL") { openLibrary = value }
            default: break
            }
        }
        return KOReaderSidecar(md5: md5, title: properties?["title"]?.text ?? root["stats"]?["title"]?.text,
                               authors: properties?["authors"]?.text ?? root["stats"]?["authors"]?.text,
                               isbns: isbns, openLibrary: openLibrary, status: root["summary"]?["status"]?.text, path: path)
    }

    /// Ten or thirteen digits (the last of ten may be X), hyphens and spaces aside.
    private static func looksLikeISBN(_ text: String) -> Bool {
        let digits = text.filter { $0 != "-" && $0 != " " }
        guard digits.count == 10 || digits.count == 13 else { return false }
        return digits.dropLast().allSatisfy(\.isASCIIDigit) && (digits.last?.isASCIIDigit == true || digits.last == "X" || digits.last == "x")
    }

    /// The sidecars below `folder`: `metadata.*.lua` files in `*.sdr` folders and in KOReader's
    /// `docsettings`/`hashdocsettings` folders, at any depth (hidden folders too: a Kobo keeps
    /// KOReader in `.adds/`). Unreadable ones are returned as problems, never thrown.
    static func find(in folder: String) -> (sidecars: [KOReaderSidecar], problems: [KOReaderError]) {
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(at: URL(fileURLWithPath: folder), includingPropertiesForKeys: [.isRegularFileKey]) else {
            return ([], [])
        }
        var sidecars: [KOReaderSidecar] = []
        var problems: [KOReaderError] = []
        var paths: [String] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            guard name.hasPrefix("metadata."), name.hasSuffix(".lua"), !name.hasSuffix(".old.lua") else { continue }
            paths.append(url.path)
        }
        for path in paths.sorted() {
            guard let data = manager.contents(atPath: path) else { continue }
            do throws(KOReaderError) {
                if let sidecar = try read(Array(data), path: path) { sidecars.append(sidecar) }
            } catch {
                problems.append(error)
            }
        }
        return (sidecars, problems)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
