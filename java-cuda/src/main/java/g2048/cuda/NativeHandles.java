package g2048.cuda;

import java.lang.reflect.Method;
import jcuda.NativePointerObject;
import jcuda.Pointer;

/**
 * The raw values behind JCuda's handles, for libraries called outside JCuda ({@link Cublas}): a
 * device pointer is its native address plus its byte offset (how JCuda's own calls pass it), a
 * stream its native handle. JCuda keeps both protected, so they are read reflectively, once per
 * call and without a driver round trip. Public so that {@link g2048.cuda.check} can hold
 * {@link #address} against the driver's own answer.
 */
public final class NativeHandles {

    private static final Method NATIVE_POINTER;
    private static final Method BYTE_OFFSET;

    static {
        try {
            NATIVE_POINTER = NativePointerObject.class.getDeclaredMethod("getNativePointer");
            NATIVE_POINTER.setAccessible(true);
            BYTE_OFFSET = Pointer.class.getDeclaredMethod("getByteOffset");
            BYTE_OFFSET.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private NativeHandles() {
    }

    /** The address a device pointer stands for (0 for null). */
    public static long address(Pointer p) {
        if (p == null) {
            return 0;
        }
        try {
            return (long) NATIVE_POINTER.invoke(p) + (long) BYTE_OFFSET.invoke(p);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("JCuda's pointer fields are not readable: " + e);
        }
    }

    /** The native handle of a stream, event or other driver object (0 for the default stream). */
    static long handle(NativePointerObject o) {
        if (o == null) {
            return 0;
        }
        try {
            return (long) NATIVE_POINTER.invoke(o);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("JCuda's handle fields are not readable: " + e);
        }
    }
}
