//go:build linux && (arm64 || riscv64 || loong64)

package nsinit

// sysStatx is statx's system call number (the generic table's).
const sysStatx = 291
