/// Why a document could not be opened, imported, saved or exported. The message names the file and what is wrong.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The file is not a MaLiang document at all.
        case notADocument
        /// The file or folder is damaged: truncated, inconsistent, or failing its integrity check.
        case damaged
        /// Made by a newer version of MaLiang.
        case newerVersion
        /// The content is readable but not acceptable: absurd sizes, non-finite coordinates, unsafe names.
        case invalidContent
        /// The disk is full (nothing was overwritten).
        case diskFull
        /// Reading or writing failed.
        case io
        /// Another window or program has the document open for writing.
        case inUse
        /// The document is on a read-only disk: it can be read, not changed.
        case readOnly
    }

    public let kind: Kind
    public let message: String
    public var description: String { message }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

/// Reports the fraction done, 0…1, of a long load or save.
public typealias ProgressHandler = (Double) -> Void
