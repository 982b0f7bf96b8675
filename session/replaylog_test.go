package session

import "io"

// ReplayLog streams an event log from rd into a Replay without keeping the
// events; the Tail reports a torn last line.
func ReplayLog(rd io.Reader) (*Replay, Tail, error) {
	r := NewReplay()
	tail, err := ScanEvents(rd, r.Apply)
	if err != nil {
		return nil, Tail{}, err
	}
	return r, tail, nil
}
