package main

import "os"

// peakRSS is 0 (unknown) on Windows: the process's Rusage has no peak
// working set. wtbench measures on Linux.
func peakRSS(*os.ProcessState) int64 { return 0 }
