package nsinit

// The init writes and reads its numbers itself: strconv is an import
// that package os does not need, and this package's imports must stay
// ones os needs (see the package doc).

// itoa is n in decimal.
func itoa(n int) string {
	if n < 0 {
		return "-" + utoa(uint64(-n))
	}
	return utoa(uint64(n))
}

// utoa is n in decimal.
func utoa(n uint64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		if n /= 10; n == 0 {
			return string(b[i:])
		}
	}
}

// atoi reads a decimal number of at most ten digits (ids and descriptor
// counts); ok is false for anything else.
func atoi(s string) (n int, ok bool) {
	if s == "" || len(s) > 10 {
		return 0, false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// quote is s in double quotes, for a message.
func quote(s string) string { return `"` + s + `"` }
