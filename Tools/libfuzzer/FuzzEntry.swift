// libFuzzer entry point for the front matter parser. Built by run.sh into one module with the
// FrontMatter sources, so libFuzzer's coverage instrumentation reaches the whole parser.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if case .violation(let why) = FuzzCheck.run(bytes) {
        // A finding: libFuzzer saves the input when the process aborts.
        fputs("violation: \(why)\n", stderr)
        abort()
    }
    return 0
}
