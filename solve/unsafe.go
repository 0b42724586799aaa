package solve

import "unsafe"

// unsafeBytes views a non-empty slice of values as its bytes (a Value is a
// byte), so that a layer of a billion positions is never copied.
func unsafeBytes(values []Value) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&values[0])), len(values))
}
