package nsinit

// sysStatx is statx's system call number.
const sysStatx = 332
