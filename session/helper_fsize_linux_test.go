package session

// helperFsize runs the RLIMIT_FSIZE helper (Linux only).
func helperFsize(s *Session) error { return fsizeHelper(s) }
