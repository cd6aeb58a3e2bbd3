/// The program's version: the meson project's and the AppStream metainfo's latest release (CommandLineTests keep
/// the three the same).
enum Version {
    static let number = "0.1.0"
}
