import CVulkan

/// A Vulkan failure: what was being done and the result code, or why no device could be used.
public struct VulkanError: Error, Equatable, CustomStringConvertible {
    public let description: String
    /// The Vulkan result code, when the failure came with one.
    public let result: Int32?

    init(_ description: String) {
        self.description = description
        result = nil
    }

    /// The device is gone (a driver reset, a GPU removed or hung): nothing more can be drawn with it.
    public var isDeviceLost: Bool { result == VK_ERROR_DEVICE_LOST.rawValue }

    /// A device loss made up on purpose, for testing what the window does after one.
    public static func simulatedDeviceLoss() -> VulkanError {
        VulkanError("drawing (a simulated fault)", VK_ERROR_DEVICE_LOST)
    }

    /// Long work (a document's stamps) stopped because its progress handler asked it to.
    public static let cancelled = VulkanError("cancelled")

    init(_ what: String, _ result: VkResult) {
        description = "\(what) failed: \(Self.name(result)) (\(result.rawValue))"
        self.result = result.rawValue
    }

    static func name(_ result: VkResult) -> String {
        switch result {
        case VK_ERROR_OUT_OF_HOST_MEMORY: "out of host memory"
        case VK_ERROR_OUT_OF_DEVICE_MEMORY: "out of device memory"
        case VK_ERROR_INITIALIZATION_FAILED: "initialization failed"
        case VK_ERROR_DEVICE_LOST: "device lost"
        case VK_ERROR_LAYER_NOT_PRESENT: "layer not present"
        case VK_ERROR_EXTENSION_NOT_PRESENT: "extension not present"
        case VK_ERROR_FEATURE_NOT_PRESENT: "feature not present"
        case VK_ERROR_INCOMPATIBLE_DRIVER: "incompatible driver (no Vulkan driver found)"
        case VK_ERROR_FORMAT_NOT_SUPPORTED: "format not supported"
        case VK_ERROR_SURFACE_LOST_KHR: "surface lost"
        case VK_ERROR_OUT_OF_DATE_KHR: "swapchain out of date"
        case VK_SUBOPTIMAL_KHR: "suboptimal"
        case VK_TIMEOUT: "timeout"
        default: "error"
        }
    }
}

/// Throws when `result` is not VK_SUCCESS.
@inline(__always)
func check(_ result: VkResult, _ what: @autoclosure () -> String) throws(VulkanError) {
    guard result == VK_SUCCESS else { throw VulkanError(what(), result) }
}
