/// A Vulkan failure: what was being done and the result code, or why no device could be used.
public struct VulkanError: Error, Equatable, CustomStringConvertible {
    public let description: String
    /// The Vulkan result code, when the failure came with one.
    public let result: Int32?

    init(_ description: String, code result: Int32? = nil) {
        self.description = description
        self.result = result
    }

    /// Long work (a document's stamps) stopped because its progress handler asked it to.
    public static let cancelled = VulkanError("cancelled")
}
