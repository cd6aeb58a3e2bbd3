import MaLiangCore

/// A stroke's transform as the native file keeps it: "A B C D TX TY", the coefficients of
/// ``DocumentTransform``.
enum TransformText {
    static func text(_ transform: DocumentTransform) -> String {
        [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map { "\($0)" }
            .joined(separator: " ")
    }

    /// The transform `text` names, or nil when it names none a stroke can keep (not six numbers, or not
    /// ``DocumentTransform/isValid``).
    static func transform(_ text: String) -> DocumentTransform? {
        let numbers = text.split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 6, text.split(separator: " ").count == 6 else { return nil }
        let transform = DocumentTransform(
            a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
        return transform.isValid ? transform : nil
    }
}
