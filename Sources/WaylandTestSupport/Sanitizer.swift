import Glibc

/// Whether this build runs under AddressSanitizer (`meson-helpers/test --asan`): its shadow memory and
/// quarantine multiply memory use, so limits measured in megabytes do not apply.
public enum Sanitizer {
    public static let addressIsOn: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
}
