import CFileOps
import Glibc
import SplitView

/// The program's messages in the reader's language, from glibc's gettext catalogs: the
/// `splitview` domain's `LANG/LC_MESSAGES/splitview.mo` files under one folder (the resource
/// bundle's `Resources/locale`), each compiled by `msgfmt` from `po/LANG.po`.
///
/// glibc chooses the language as every GNU program does: `LANGUAGE` (a list, `fr:de`), then
/// `LC_ALL`, `LC_MESSAGES`, `LANG`; a language without a catalog falls to the next, then to the
/// messages as written. Each catalog's `Plural-Forms` header gives its plural rule (French says
/// "1 élément", "0 élément"; German "0 Elemente").
///
/// Decision: in the C and POSIX locales, `C.UTF-8` included, no catalog is installed at all, so
/// the messages cost nothing to read and `LANGUAGE` is ignored, as glibc ignores it for "C".
/// `LC_NUMERIC` is left at "C" for the whole process (a decimal comma must never reach a parser
/// of ours or a library's); ``LocaleFormats`` reads the numbers' separators on its own.
public struct GettextCatalog: MessageCatalog {
    /// The gettext domain: the catalogs' file name.
    public static let domain = "splitview"

    /// Reads `LC_MESSAGES` from the environment (``LocaleFormats`` reads `LC_NUMERIC` and
    /// `LC_TIME` apart; the input method sets `LC_CTYPE` when it opens) and, outside the C
    /// locale, installs the catalogs of `folder` as `Localization.catalog`. Returns the
    /// installed catalog, or nil in the C locale. Called once, first thing in `main`, before
    /// any thread starts.
    @discardableResult
    public static func install(folder: String) -> GettextCatalog? {
        guard let messages = setlocale(LC_MESSAGES, "").map({ String(cString: $0) }), !isC(messages) else {
            Localization.catalog = nil
            return nil
        }
        guard bindtextdomain(domain, folder) != nil, bind_textdomain_codeset(domain, "UTF-8") != nil else {
            Localization.catalog = nil
            return nil
        }
        let catalog = GettextCatalog()
        Localization.catalog = catalog
        return catalog
    }

    /// Whether a locale's name is the C locale's: `C`, `POSIX`, `C.UTF-8`, `C.utf8`.
    static func isC(_ name: String) -> Bool {
        name == "C" || name == "POSIX" || name.hasPrefix("C.")
    }

    /// The catalog's translation of `key`, or nil where it has none.
    public func translation(of key: String) -> String? {
        key.withCString { original in
            guard let found = dgettext(Self.domain, original), found != original else { return nil }
            return String(cString: found)
        }
    }

    /// The form the catalog's plural rule chooses for `count`, or nil where it has none.
    public func translation(singular: String, plural: String, count: Int) -> String? {
        singular.withCString { one in
            plural.withCString { many in
                let n = UInt(clamping: count.magnitude)
                guard let found = dngettext(Self.domain, one, many, n), found != one, found != many else { return nil }
                return String(cString: found)
            }
        }
    }
}
