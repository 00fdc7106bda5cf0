/// MARC language codes, as Open Library keeps them (`/languages/eng`), to the ISO 639-1 codes a
/// library writes (`language: en`); a code without one is kept as it is.
package enum LanguageCode {
    package static func iso639_1(marc code: String) -> String {
        table[code.lowercased()] ?? code.lowercased()
    }

    private static let table: [String: String] = [
        "eng": "en", "fre": "fr", "fra": "fr", "ger": "de", "deu": "de", "spa": "es", "ita": "it", "por": "pt",
        "dut": "nl", "nld": "nl", "swe": "sv", "nor": "no", "nob": "nb", "nno": "nn", "dan": "da", "fin": "fi",
        "ice": "is", "isl": "is", "pol": "pl", "cze": "cs", "ces": "cs", "slo": "sk", "slk": "sk", "hun": "hu",
        "rum": "ro", "ron": "ro", "bul": "bg", "rus": "ru", "ukr": "uk", "gre": "el", "ell": "el", "tur": "tr",
        "heb": "he", "ara": "ar", "per": "fa", "fas": "fa", "hin": "hi", "ben": "bn", "chi": "zh", "zho": "zh",
        "jpn": "ja", "kor": "ko", "vie": "vi", "tha": "th", "ind": "id", "may": "ms", "msa": "ms", "cat": "ca",
        "glg": "gl", "baq": "eu", "eus": "eu", "wel": "cy", "cym": "cy", "gle": "ga", "lat": "la", "epo": "eo",
        "hrv": "hr", "srp": "sr", "slv": "sl", "lit": "lt", "lav": "lv", "est": "et", "afr": "af", "swa": "sw",
    ]
}
