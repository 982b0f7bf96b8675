package session

import (
	"bytes"
	"os"
)

// cutTornTail truncates f (of the given size) after its last '\n', removing
// a partial last line a crash left behind. It returns the new size.
func cutTornTail(f *os.File, size int64) (int64, error) {
	const block = 64 << 10
	buf := make([]byte, block)
	end := size
	for end > 0 {
		start := max(end-block, 0)
		n, err := f.ReadAt(buf[:end-start], start)
		if err != nil && n < int(end-start) {
			return size, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			keep := start + int64(i) + 1
			if keep == size {
				return size, nil
			}
			return keep, f.Truncate(keep)
		}
		end = start
	}
	if size == 0 {
		return 0, nil
	}
	return 0, f.Truncate(0)
}
