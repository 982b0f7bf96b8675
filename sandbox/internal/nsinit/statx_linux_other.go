//go:build linux && !amd64 && !arm64 && !riscv64 && !loong64

package nsinit

// sysStatx is 0 where this package does not know statx's number: no
// spares there (SpareSupported).
const sysStatx = 0
