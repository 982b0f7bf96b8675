package session

import "sync"

// AsyncSpool writes tools' full output to the session's spool on a
// goroutine of its own, so that encoding and writing the spool runs beside
// the reading of a program's output instead of slowing it down. The queue
// is bounded: a spool that falls behind blocks the writer (back pressure);
// no output is dropped here (the spool's own disk cap still applies).
type AsyncSpool struct {
	sp    *Spool
	ch    chan spoolChunk
	done  chan struct{}
	once  sync.Once
	errMu sync.Mutex
	err   error
}

type spoolChunk struct {
	callID, processID, stream string
	data                      []byte
}

// NewAsyncSpool starts writing to sp, with room for depth chunks in its
// queue.
func NewAsyncSpool(sp *Spool, depth int) *AsyncSpool {
	a := &AsyncSpool{sp: sp, ch: make(chan spoolChunk, depth), done: make(chan struct{})}
	go a.run()
	return a
}

func (a *AsyncSpool) run() {
	defer close(a.done)
	for c := range a.ch {
		if err := a.sp.Write(c.callID, c.processID, c.stream, c.data); err != nil {
			a.errMu.Lock()
			a.err = err
			a.errMu.Unlock()
		}
	}
}

// Write implements tools.Spool. p is copied. It reports the last
// error the background writer met.
func (a *AsyncSpool) Write(callID, processID, stream string, p []byte) error {
	a.ch <- spoolChunk{callID: callID, processID: processID, stream: stream, data: append([]byte(nil), p...)}
	a.errMu.Lock()
	defer a.errMu.Unlock()
	return a.err
}

// Close writes what is queued and stops the writer; no Write may follow.
func (a *AsyncSpool) Close() {
	a.once.Do(func() {
		close(a.ch)
		<-a.done
	})
}
