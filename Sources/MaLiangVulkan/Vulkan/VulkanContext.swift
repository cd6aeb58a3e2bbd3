import CVulkan
import Foundation

/// A Vulkan instance, the chosen physical device, a logical device and its graphics queue.
///
/// Built in stages (instance → physical device → device and queue). Device choice: `MALIANG_VULKAN_DEVICE`
/// (a substring of the device name) when set, else the first discrete GPU, then integrated, then virtual, then
/// the CPU (lavapipe). Not thread-safe: use it on one thread.
public final class VulkanContext {
    public struct Options: Sendable {
        /// Enable the Khronos validation layer and count its messages (tests fail on any).
        public var validation = ProcessInfo.processInfo.environment["MALIANG_VULKAN_VALIDATION"] == "1"
        /// Substring of the device name to use; `nil` reads `MALIANG_VULKAN_DEVICE`.
        public var deviceName: String? = ProcessInfo.processInfo.environment["MALIANG_VULKAN_DEVICE"]
        /// Instance extensions needed by the caller (e.g. VK_KHR_wayland_surface).
        public var instanceExtensions: [String] = []
        /// Device extensions needed by the caller (e.g. VK_KHR_swapchain).
        public var deviceExtensions: [String] = []
        /// Device extensions used when the device has them (e.g. VK_KHR_incremental_present).
        public var optionalDeviceExtensions: [String] = []

        public init() {}
    }

    let instance: VkInstance
    let physicalDevice: VkPhysicalDevice
    let device: VkDevice
    let queue: VkQueue
    let queueFamily: UInt32
    /// What was chosen, for logs and benchmark reports.
    public let deviceName: String
    public let deviceType: String
    let memoryProperties: VkPhysicalDeviceMemoryProperties
    let limits: VkPhysicalDeviceLimits
    private var messenger: VkDebugUtilsMessengerEXT?
    private let validationLog: ValidationLog?
    let commandPool: VkCommandPool
    let spares = SpareSubmissionObjects()
    /// The optional device extensions the device had and that were enabled.
    public let enabledOptionalExtensions: Set<String>
    /// Whether strokes can be stamped with the compute kernel: push descriptors, and 16-bit paint tiles that
    /// shaders can read and write. Without them the renderer rasterises stamps as quads.
    var supportsComputeStamping: Bool { hasStorageImages && pushDescriptorFunction != nil }
    /// Whether 16-bit paint tiles can be storage images.
    private let hasStorageImages: Bool
    /// Whether shaders may use 64-bit floats and integers (enabled where the device has them).
    private let hasWideArithmetic: Bool
    /// Whether strokes can be turned into stamps on the device (Shaders/expand.comp): push descriptors, and doubles
    /// and 64-bit integers in shaders, so positions and the seed's random numbers come out as the host's do.
    var supportsStrokeExpansion: Bool { hasWideArithmetic && pushDescriptorFunction != nil }
    static let pushDescriptorExtension = "VK_KHR_push_descriptor"
    /// vkCmdPushDescriptorSetKHR, where the device has push descriptors.
    let pushDescriptorFunction: PFN_vkCmdPushDescriptorSetKHR?
    /// Device memory in use and at its most (on lavapipe, the process's own memory).
    public let memoryUse = MemoryUse()
    /// Times each submission on the device while set (benchmarks: ``measureGPUTime()``).
    package private(set) var gpuClock: GPUClock?

    /// Starts adding up the device's busy time per submission (from zero); false where the queue has no
    /// timestamps.
    package func measureGPUTime() -> Bool {
        if gpuClock == nil {
            gpuClock = GPUClock(device, physicalDevice: physicalDevice, queueFamily: queueFamily, limits: limits)
        }
        gpuClock?.reset()
        return gpuClock != nil
    }

    /// Where small images (tiles) get their memory: shared blocks, not an allocation each.
    private(set) lazy var imageMemory = ImageMemorySlabs(self)

    /// Bytes of device memory allocated now, and at most so far.
    public final class MemoryUse {
        public private(set) var current = 0
        public private(set) var peak = 0

        func allocated(_ bytes: Int) {
            current += bytes
            peak = max(peak, current)
        }

        func freed(_ bytes: Int) { current -= bytes }
    }

    /// Messages from the validation layer so far (empty without validation).
    public var validationMessages: [String] { validationLog?.messages ?? [] }

    public init(options: Options = Options()) throws(VulkanError) {
        let log = options.validation ? ValidationLog() : nil
        validationLog = log
        let instance = try Self.makeInstance(options: options)
        self.instance = instance
        if let log { messenger = Self.makeMessenger(instance, log) }
        do throws(VulkanError) {
            let choice = try Self.choosePhysicalDevice(instance, wanted: options.deviceName)
            physicalDevice = choice.device
            deviceName = choice.name
            deviceType = choice.type
            queueFamily = choice.queueFamily
            var memory = VkPhysicalDeviceMemoryProperties()
            vkGetPhysicalDeviceMemoryProperties(choice.device, &memory)
            memoryProperties = memory
            var properties = VkPhysicalDeviceProperties()
            vkGetPhysicalDeviceProperties(choice.device, &properties)
            limits = properties.limits
            let available = Self.deviceExtensions(of: choice.device)
            enabledOptionalExtensions = Set(
                (options.optionalDeviceExtensions + [Self.pushDescriptorExtension]).filter { available.contains($0) })
            hasStorageImages =
                enabledOptionalExtensions.contains(Self.pushDescriptorExtension)
                && Self.storageImagesAvailable(choice.device, format: VK_FORMAT_R16G16B16A16_UNORM)
            hasWideArithmetic = Self.wideArithmeticAvailable(choice.device)
            device = try Self.makeDevice(
                choice.device, queueFamily: choice.queueFamily,
                extensions: options.deviceExtensions + enabledOptionalExtensions.sorted(),
                storageImageExtendedFormats: hasStorageImages, wideArithmetic: hasWideArithmetic)
            pushDescriptorFunction =
                enabledOptionalExtensions.contains(Self.pushDescriptorExtension)
                ? vkGetDeviceProcAddr(device, "vkCmdPushDescriptorSetKHR").map {
                    unsafeBitCast($0, to: PFN_vkCmdPushDescriptorSetKHR.self)
                } : nil
            var queue: VkQueue?
            vkGetDeviceQueue(device, choice.queueFamily, 0, &queue)
            guard let queue else { throw VulkanError("the device has no queue") }
            self.queue = queue
            var poolInfo = VkCommandPoolCreateInfo()
            poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO
            poolInfo.flags = VkCommandPoolCreateFlags(VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT.rawValue)
            poolInfo.queueFamilyIndex = choice.queueFamily
            var pool: VkCommandPool?
            try check(vkCreateCommandPool(device, &poolInfo, nil, &pool), "vkCreateCommandPool")
            guard let pool else { throw VulkanError("no command pool") }
            commandPool = pool
        } catch {
            if let messenger { Self.destroyMessenger(instance, messenger) }
            vkDestroyInstance(instance, nil)
            throw error
        }
    }

    deinit {
        vkDeviceWaitIdle(device)
        gpuClock = nil
        imageMemory.removeAll(device)
        for fence in spares.fences { vkDestroyFence(device, fence, nil) }
        vkDestroyCommandPool(device, commandPool, nil)
        vkDestroyDevice(device, nil)
        if let messenger { Self.destroyMessenger(instance, messenger) }
        vkDestroyInstance(instance, nil)
    }

    // MARK: - Stages

    private static func makeInstance(options: Options) throws(VulkanError) -> VkInstance {
        var extensions = options.instanceExtensions
        var layers: [String] = []
        if options.validation {
            layers.append("VK_LAYER_KHRONOS_validation")
            extensions.append("VK_EXT_debug_utils")
        }
        let arena = CArena()
        var application = VkApplicationInfo()
        application.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO
        application.apiVersion = (1 << 22) | (3 << 12)  // Vulkan 1.3
        application.pApplicationName = arena.string("MaLiang")
        application.pEngineName = application.pApplicationName
        var info = VkInstanceCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO
        info.pApplicationInfo = UnsafePointer(arena.keep(application))
        info.enabledExtensionCount = UInt32(extensions.count)
        info.ppEnabledExtensionNames = arena.strings(extensions)
        info.enabledLayerCount = UInt32(layers.count)
        info.ppEnabledLayerNames = arena.strings(layers)
        var instance: VkInstance?
        let result = vkCreateInstance(&info, nil, &instance)
        guard result == VK_SUCCESS, let instance else {
            throw VulkanError(
                "no usable Vulkan: vkCreateInstance failed (\(VulkanError.name(result))); install a driver (mesa-vulkan-drivers gives lavapipe)"
                    + (layers.isEmpty ? "" : " and vulkan-validationlayers"))
        }
        return instance
    }

    struct Choice {
        var device: VkPhysicalDevice
        var name: String
        var type: String
        var queueFamily: UInt32
    }

    private static func choosePhysicalDevice(_ instance: VkInstance, wanted: String?) throws(VulkanError) -> Choice {
        var count: UInt32 = 0
        try check(vkEnumeratePhysicalDevices(instance, &count, nil), "vkEnumeratePhysicalDevices")
        var devices = [VkPhysicalDevice?](repeating: nil, count: Int(count))
        try check(vkEnumeratePhysicalDevices(instance, &count, &devices), "vkEnumeratePhysicalDevices")
        var candidates: [(choice: Choice, rank: Int)] = []
        var tried: [String] = []
        for case let device? in devices {
            var properties = VkPhysicalDeviceProperties()
            vkGetPhysicalDeviceProperties(device, &properties)
            let name = withUnsafeBytes(of: properties.deviceName) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            let (type, rank) = describe(properties.deviceType)
            let version = properties.apiVersion
            guard version >= (1 << 22) | (3 << 12) else {
                tried.append("\(name): Vulkan \(version >> 22).\((version >> 12) & 0x3ff) is older than 1.3")
                continue
            }
            guard let family = graphicsQueueFamily(device) else {
                tried.append("\(name): no graphics queue")
                continue
            }
            if let wanted, !name.localizedCaseInsensitiveContains(wanted) {
                tried.append("\(name): not \"\(wanted)\" (MALIANG_VULKAN_DEVICE)")
                continue
            }
            candidates.append((Choice(device: device, name: name, type: type, queueFamily: family), rank))
        }
        guard let best = candidates.min(by: { $0.rank < $1.rank }) else {
            let reasons = tried.isEmpty ? "no Vulkan device at all" : tried.joined(separator: "; ")
            throw VulkanError("no usable Vulkan device: \(reasons)")
        }
        return best.choice
    }

    private static func deviceExtensions(of device: VkPhysicalDevice) -> Set<String> {
        var count: UInt32 = 0
        vkEnumerateDeviceExtensionProperties(device, nil, &count, nil)
        var properties = [VkExtensionProperties](repeating: VkExtensionProperties(), count: Int(count))
        vkEnumerateDeviceExtensionProperties(device, nil, &count, &properties)
        return Set(
            properties.map { property in
                withUnsafeBytes(of: property.extensionName) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            })
    }

    private static func describe(_ type: VkPhysicalDeviceType) -> (String, Int) {
        switch type {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: ("discrete GPU", 0)
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: ("integrated GPU", 1)
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: ("virtual GPU", 2)
        case VK_PHYSICAL_DEVICE_TYPE_CPU: ("CPU", 3)
        default: ("other", 4)
        }
    }

    private static func graphicsQueueFamily(_ device: VkPhysicalDevice) -> UInt32? {
        var count: UInt32 = 0
        vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nil)
        var families = [VkQueueFamilyProperties](repeating: VkQueueFamilyProperties(), count: Int(count))
        vkGetPhysicalDeviceQueueFamilyProperties(device, &count, &families)
        return families.firstIndex { $0.queueFlags & VkQueueFlags(VK_QUEUE_GRAPHICS_BIT.rawValue) != 0 }.map {
            UInt32($0)
        }
    }

    /// Whether `format` can be a storage image with the extended formats (rgba16) enabled.
    private static func storageImagesAvailable(_ device: VkPhysicalDevice, format: VkFormat) -> Bool {
        var features = VkPhysicalDeviceFeatures()
        vkGetPhysicalDeviceFeatures(device, &features)
        var properties = VkFormatProperties()
        vkGetPhysicalDeviceFormatProperties(device, format, &properties)
        return features.shaderStorageImageExtendedFormats == VK_TRUE
            && properties.optimalTilingFeatures & VkFormatFeatureFlags(VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT.rawValue)
                != 0
    }

    /// Whether the device's shaders can use doubles and 64-bit integers.
    private static func wideArithmeticAvailable(_ device: VkPhysicalDevice) -> Bool {
        var features = VkPhysicalDeviceFeatures()
        vkGetPhysicalDeviceFeatures(device, &features)
        return features.shaderFloat64 == VK_TRUE && features.shaderInt64 == VK_TRUE
    }

    private static func makeDevice(
        _ physical: VkPhysicalDevice, queueFamily: UInt32, extensions: [String], storageImageExtendedFormats: Bool,
        wideArithmetic: Bool
    ) throws(VulkanError) -> VkDevice {
        let arena = CArena()
        var features = VkPhysicalDeviceFeatures()
        features.shaderStorageImageExtendedFormats = VkBool32(storageImageExtendedFormats ? VK_TRUE : VK_FALSE)
        features.shaderFloat64 = VkBool32(wideArithmetic ? VK_TRUE : VK_FALSE)
        features.shaderInt64 = VkBool32(wideArithmetic ? VK_TRUE : VK_FALSE)
        var queueInfo = VkDeviceQueueCreateInfo()
        queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO
        queueInfo.queueFamilyIndex = queueFamily
        queueInfo.queueCount = 1
        queueInfo.pQueuePriorities = UnsafePointer(arena.keep(Float(1)))
        // Dynamic rendering (core in 1.3) spares render pass and framebuffer objects.
        var dynamicRendering = VkPhysicalDeviceDynamicRenderingFeatures()
        dynamicRendering.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES
        dynamicRendering.dynamicRendering = VkBool32(VK_TRUE)
        var info = VkDeviceCreateInfo()
        info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO
        info.pNext = UnsafeRawPointer(arena.keep(dynamicRendering))
        info.queueCreateInfoCount = 1
        info.pQueueCreateInfos = UnsafePointer(arena.keep(queueInfo))
        info.enabledExtensionCount = UInt32(extensions.count)
        info.ppEnabledExtensionNames = arena.strings(extensions)
        info.pEnabledFeatures = UnsafePointer(arena.keep(features))
        var device: VkDevice?
        let result = vkCreateDevice(physical, &info, nil, &device)
        guard result == VK_SUCCESS, let device else { throw VulkanError("vkCreateDevice", result) }
        return device
    }

    // MARK: - Validation messages

    /// The validation layer's messages: the first ``limit`` kept (tests read them), the rest only counted, so a
    /// long session never piles them up. With MALIANG_LOG=1 each is also written to standard error.
    final class ValidationLog {
        static let limit = 100
        private(set) var messages: [String] = []
        private(set) var dropped = 0
        private let echoes = ProcessInfo.processInfo.environment["MALIANG_LOG"] == "1"

        func add(_ message: String) {
            if echoes { FileHandle.standardError.write(Data("maliang: vulkan: \(message)\n".utf8)) }
            if messages.count < Self.limit { messages.append(message) } else { dropped += 1 }
        }
    }

    private static func makeMessenger(_ instance: VkInstance, _ log: ValidationLog) -> VkDebugUtilsMessengerEXT? {
        guard let address = vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT") else { return nil }
        let create = unsafeBitCast(address, to: PFN_vkCreateDebugUtilsMessengerEXT.self)
        var info = VkDebugUtilsMessengerCreateInfoEXT()
        info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT
        info.messageSeverity = VkDebugUtilsMessageSeverityFlagsEXT(
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT.rawValue
                | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT.rawValue)
        // Validation and general messages, not performance hints: those only say that GENERAL is not the fastest
        // layout for a copy, and every image stays in GENERAL on purpose (see GPUImage).
        info.messageType = VkDebugUtilsMessageTypeFlagsEXT(
            VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT.rawValue
                | VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT.rawValue)
        info.pfnUserCallback = { _, _, data, context in
            guard let data, let context else { return VkBool32(VK_FALSE) }
            let message = data.pointee.pMessage.map { String(cString: $0) } ?? "(no message)"
            Unmanaged<ValidationLog>.fromOpaque(context).takeUnretainedValue().add(message)
            return VkBool32(VK_FALSE)
        }
        // Unretained: the context keeps the log, and destroys the messenger before it goes.
        info.pUserData = Unmanaged.passUnretained(log).toOpaque()
        var messenger: VkDebugUtilsMessengerEXT?
        _ = create(instance, &info, nil, &messenger)
        return messenger
    }

    private static func destroyMessenger(_ instance: VkInstance, _ messenger: VkDebugUtilsMessengerEXT) {
        guard let address = vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT") else { return }
        unsafeBitCast(address, to: PFN_vkDestroyDebugUtilsMessengerEXT.self)(instance, messenger, nil)
    }
}

extension VulkanError {
    /// The device is gone (a driver reset, a GPU removed or hung): nothing more can be drawn with it.
    public var isDeviceLost: Bool { result == VK_ERROR_DEVICE_LOST.rawValue }

    /// A device loss made up on purpose, for testing what the window does after one.
    public static func simulatedDeviceLoss() -> VulkanError {
        VulkanError("drawing (a simulated fault)", VK_ERROR_DEVICE_LOST)
    }

    init(_ what: String, _ result: VkResult) {
        self.init("\(what) failed: \(Self.name(result)) (\(result.rawValue))", code: result.rawValue)
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
