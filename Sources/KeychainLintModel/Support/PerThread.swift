import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `Value` per thread, created on first use and released when the thread ends. Kept in a
/// pthread key: `Thread.current.threadDictionary` is a bridged dictionary lookup, too slow for
/// state read on every resolver question (`Dependencies`, `QuestionLedger`).
public final class PerThread<Value: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        self.key = key
        self.make = make
    }

    /// The current thread's value.
    public var value: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        let created = make()
        pthread_setspecific(key, Unmanaged.passRetained(created).toOpaque())
        return created
    }
}
