import FrontMatterFuzzing
@testable import ShelfKit
@testable import ShelfInterchange
import Testing

/// Reviews between Goodreads' HTML and Markdown, and the Markdown an import writes coming back
/// the same through an export and an import again.
struct ReviewTextTests {
    @Test func numericEntitiesNeverWriteControlCharacters() {
        #expect(ReviewText.markdown(fromHTML: "a&#0;b") == "a\u{FFFD}b")
        #expect(ReviewText.markdown(fromHTML: "don&#146;t") == "don\u{2019}t")
        #expect(ReviewText.markdown(fromHTML: "x&#129;y") == "x\u{FFFD}y")
    }

    @Test func aLineBreakWrittenAsTwoSpacesIsExportedAsOne() {
        let (review, notes) = ImportBody.sections(of: "## Review\n\nFirst line  \nSecond line\n\n## Private notes\n\nKept  \n")
        #expect(review == "First line\\\nSecond line")
        #expect(notes == "Kept")
        #expect(ReviewText.html(fromMarkdown: review ?? "") == "First line<br/>Second line")
    }

    @Test(arguments: [
        ("One.<br/><br/>Two &amp; <b>three</b>,<br />four <i>five</i> &#8212; &#x263A; &quot;q&quot; a < b",
         "One.\n\nTwo & **three**,\\\nfour *five* — ☺ \"q\" a < b"),
        ("<p>First</p><p>Second <a href=\"https://x.org/?a=1&amp;b=2\">link</a></p>",
         "First\n\nSecond [link](https://x.org/?a=1&b=2)"),
        // A lone <br/> is a hard break; three make one paragraph break; breaks at the ends go.
        ("<br/>a<br/>b<br/><br/><br/>c<br/>", "a\\\nb\n\nc"),
        // Text in angle brackets that is no tag stays, escaped so Markdown shows it.
        ("PKD's descent into <insert your favorite derogatory term here> after",
         "PKD's descent into \\<insert your favorite derogatory term here> after"),
        ("I <3 it, 1 < 2 > 0, <b >bold</B>", "I <3 it, 1 < 2 > 0, **bold**"),
        // A break before a list item or after a heading needs no backslash.
        ("Pros:<br/>* fast<br/>* cheap<br/>Cons: none", "Pros:\n* fast\n* cheap\\\nCons: none"),
        ("<ul><li>one</li><li>two</li></ul>after", "- one\n- two\n\nafter"),
        ("<ol><li>one</li><li>two</li></ol>", "1. one\n2. two"),
        ("<h2>Title</h2>text", "**Title**\n\ntext"),
        ("<blockquote>Quoted<br/>twice<br/><br/>again</blockquote>Me.", "> Quoted\\\n> twice\n>\n> again\n\nMe."),
        ("&gt; not a quote<br/>&gt; either", "\\> not a quote\\\n\\> either"),
        ("a <spoiler>Snape</spoiler> b", "a <spoiler>Snape</spoiler> b"),
        ("<b>across<br/><br/>paragraphs</b>", "**across**\n\n**paragraphs**"),
        ("<b>bold <i>both</b> italic</i>", "**bold *both*** *italic*"),
        ("<b> spaced </b>out", "**spaced** out"),
        ("<b></b><i> </i>x", "x"),
        ("<div>one</div><div><br></div><div>two</div><div>three</div>", "one\n\ntwo\\\nthree"),
        // Underscores that would pair are escaped; those inside words and URLs are not.
        ("covers/1492944248l/34762552._SX50_.jpg and utm_source=profile_web",
         "covers/1492944248l/34762552.\\_SX50\\_.jpg and utm_source=profile_web"),
        ("C:\\Users\\me and a\\*b and end\\", "C:\\Users\\me and a\\\\*b and end\\\\"),
        ("line\nsoft<br/>\nhard", "line\nsoft\\\nhard"),
        ("<a href=\"https://en.wikipedia.org/wiki/A_(b)\">x</a> <a href='a b)'>y</a> <a>no href</a>",
         "[x](https://en.wikipedia.org/wiki/A_(b)) [y](a%20b%29) no href"),
        ("<!-- a comment -->kept", "kept"),
        ("a&#10;b&#13;<br/>c\u{2028}d", "a\nb\\\nc\nd"),
    ])
    func htmlBecomesMarkdown(_ html: String, _ markdown: String) {
        #expect(ReviewText.markdown(fromHTML: html) == markdown)
        Self.expectRoundTrip(ReviewText.markdown(fromHTML: html))
    }

    @Test(arguments: [
        ("**bold**, *it*, _it_, __bold__, [text](https://x.org/?a=1&b=2)",
         "<b>bold</b>, <i>it</i>, <i>it</i>, <b>bold</b>, <a href=\"https://x.org/?a=1&amp;b=2\">text</a>"),
        ("Para one\nsame para\\\nnew line\n\nPara two & <three>", "Para one\nsame para<br/>new line<br/><br/>Para two &amp; &lt;three&gt;"),
        ("## Heading\nText:\n- one\n- two\n\n1. first", "## Heading<br/>Text:<br/>- one<br/>- two<br/><br/>1. first"),
        ("> quoted\n> *on*\n\nafter", "<blockquote>quoted\n<i>on</i></blockquote>after"),
        ("a  \nb", "a<br/>b"),
        ("\\*not italic\\* and \\\\", "*not italic* and \\"),
        ("*******Spoilers below***********", "<i><b><b><b>Spoilers below</b></b></b></i>****"),
        ("snake_case_name and 2*3*4", "snake_case_name and 2<i>3</i>4"),
    ])
    func markdownBecomesHTML(_ markdown: String, _ html: String) {
        #expect(ReviewText.html(fromMarkdown: markdown) == html)
        let again = ReviewText.html(fromMarkdown: ReviewText.markdown(fromHTML: html))
        #expect(again == html)
    }

    /// Reviews in the shapes the corpus has: text typed with asterisks and brackets is text on
    /// Goodreads, so it is escaped where Markdown would read it as markup.
    @Test(arguments: [
        ("Slow first hundred pages, then I couldn't stop.<br/>The ecology is the real main character.",
         "Slow first hundred pages, then I couldn't stop.\\\nThe ecology is the real main character."),
        ("I particularly enjoyed how *smart* the characters were.<br/><br/>**edit** I just realized",
         "I particularly enjoyed how \\*smart\\* the characters were.\n\n\\*\\*edit\\*\\* I just realized"),
        ("An absolute must read. *******Spoilers below***********<br/>Trigger warnings",
         "An absolute must read. \\*\\*\\*\\*\\*\\*\\*Spoilers below\\*\\*\\*\\*\\*\\*\\*\\*\\*\\*\\*\\\nTrigger warnings"),
        ("[b:Algorithms|34762552|Algorithms|https://i.gr-assets.com/books/1492944248l/34762552._SX50_.jpg|55962260]), but",
         "[b:Algorithms|34762552|Algorithms|https://i.gr-assets.com/books/1492944248l/34762552.\\_SX50\\_.jpg|55962260]), but"),
        ("si estuvieras allí. <br/><br/>* Jordán, el protagonista.<br/><br/>* La relación",
         "si estuvieras allí.\n\n* Jordán, el protagonista.\n\n* La relación"),
        ("[x](y) and [x]( y) and ![img](src) and a*b*c", "\\[x](y) and [x]( y) and !\\[img](src) and a\\*b\\*c"),
    ])
    func corpusShapedReviews(_ html: String, _ markdown: String) {
        #expect(ReviewText.markdown(fromHTML: html) == markdown)
        Self.expectRoundTrip(markdown)
        #expect(ReviewText.html(fromMarkdown: markdown) == html.replacing(" <br/>", with: "<br/>"))
    }

    /// Markdown a person wrote may come back spelled otherwise (`_it_` as `*it*`), but the HTML
    /// an export writes is the same after an import.
    @Test(arguments: ["_a *b_ c*", "a\\\n---\nb", "\\[x](y) [x]\\(y) \\# not a heading", "a\\\\b \\_c\\_ \\<3"])
    func personalMarkdownExportsStably(_ markdown: String) {
        let html = ReviewText.html(fromMarkdown: markdown)
        #expect(ReviewText.html(fromMarkdown: ReviewText.markdown(fromHTML: html)) == html)
    }

    /// Random HTML made of the pieces reviews have: whatever Markdown the import writes, an
    /// export and an import give it back, and the HTML is the same from then on.
    @Test func randomReviewsRoundTrip() {
        let pieces = [
            "a", "word", " ", "  ", "\n", "\n\n", "<br/>", "<br/><br/>", "<b>", "</b>", "<i>", "</i>", "<em>", "</em>",
            "<a href=\"https://x.org/a_b(c)\">", "<a href=\"u v\">", "</a>", "<p>", "</p>", "<div>", "</div>",
            "<blockquote>", "</blockquote>", "<spoiler>", "</spoiler>", "<ul><li>", "</li><li>", "</li></ul>", "<h3>", "</h3>",
            "*", "**", "_", "__", "[", "]", "(", ")", "](u)", "\\", "&amp;", "&lt;", "&gt;", "<", ">", "<insert x>", "#", "# ",
            "- ", "1. ", "---", "`", "&#95;", "é", ".", "!",
        ]
        var generator = SeededGenerator(seed: 20_260_322)
        for _ in 0..<1500 {
            let count = Int(generator.next() % 14) + 1
            let html = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let markdown = ReviewText.markdown(fromHTML: html)
            #expect(ReviewText.tidy(markdown) == markdown, "not tidy: \(html.debugDescription)")
            Self.expectRoundTrip(markdown, from: html)
        }
    }

    /// Random Markdown a person may write: one export and import later, the HTML stays the same.
    @Test func randomMarkdownExportsStably() {
        let pieces = [
            "a", "word", " ", "\n", "\n\n", "\\\n", "  \n", "*it*", "**bold**", "_it_", "__bold__", "[link](u)", "[", "]",
            "(", ")", "\\", "\\*", "\\_", "&", "<", ">", "> ", "\n> ", "- ", "\n- ", "# ", "\n## ", "1. ", "---", "<spoiler>",
            "</spoiler>", "<b>", "é", ".",
        ]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<1500 {
            let count = Int(generator.next() % 14) + 1
            let markdown = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let html = ReviewText.html(fromMarkdown: ReviewText.tidy(markdown))
            let imported = ReviewText.markdown(fromHTML: html)
            #expect(ReviewText.html(fromMarkdown: imported) == html, "markdown \(markdown.debugDescription) imported \(imported.debugDescription)")
        }
    }

    /// Stray asterisks and underscores around emphasis can pair in ways `*…*` cannot spell
    /// back; then the first import settles on a spelling, and from there the HTML stays the same.
    @Test func randomStrayDelimitersSettle() {
        let pieces = ["a", " ", "\n", "\n\n", "*", "**", "_", "__", "[", "]", "](u)", "\\", "<", ">", "- ", "<spoiler>", "."]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<1500 {
            let count = Int(generator.next() % 14) + 1
            let markdown = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let html = ReviewText.html(fromMarkdown: ReviewText.markdown(fromHTML: ReviewText.html(fromMarkdown: markdown)))
            #expect(ReviewText.html(fromMarkdown: ReviewText.markdown(fromHTML: html)) == html, "markdown \(markdown.debugDescription)")
        }
    }

    static func expectRoundTrip(_ markdown: String, from html: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let exported = ReviewText.html(fromMarkdown: markdown)
        let imported = ReviewText.markdown(fromHTML: exported)
        #expect(imported == markdown, "through \(exported.debugDescription) from \((html ?? "").debugDescription)",
                sourceLocation: sourceLocation)
        #expect(ReviewText.html(fromMarkdown: imported) == exported, sourceLocation: sourceLocation)
    }
}
