package proc

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
)

// jobObject is a Windows Job Object holding one process tree. It is
// created with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE: closing the last
// handle, which the system does when wtagent exits or crashes, terminates
// every process still in it.
type jobObject struct {
	mu sync.Mutex
	h  windows.Handle // 0 once closed
}

func newJob() (*jobObject, error) {
	h, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return nil, err
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(h, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(h)
		return nil, err
	}
	return &jobObject{h: h}, nil
}

// assign puts the process p (created suspended) in the job.
func (j *jobObject) assign(p windows.Handle) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := windows.AssignProcessToJobObject(j.h, p); err != nil {
		return fmt.Errorf("assign the process to its job: %w", err)
	}
	return nil
}

// pids lists the processes now in the job.
func (j *jobObject) pids() []uint32 {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.h == 0 {
		return nil
	}
	// JOBOBJECT_BASIC_PROCESS_ID_LIST: two uint32 counts, then the ids
	// as ULONG_PTR (the counts fill one on 64-bit systems, two on 32-bit).
	hdr := int(8 / unsafe.Sizeof(uintptr(0)))
	for n := 64; ; n *= 4 {
		buf := make([]uintptr, hdr+n)
		err := windows.QueryInformationJobObject(j.h, windows.JobObjectBasicProcessIdList,
			uintptr(unsafe.Pointer(&buf[0])), uint32(len(buf))*uint32(unsafe.Sizeof(buf[0])), nil)
		if errors.Is(err, windows.ERROR_MORE_DATA) {
			continue
		}
		if err != nil {
			return nil
		}
		counts := (*[2]uint32)(unsafe.Pointer(&buf[0]))
		ids := buf[hdr : hdr+min(int(counts[1]), n)]
		out := make([]uint32, 0, len(ids))
		for _, id := range ids {
			out = append(out, uint32(id))
		}
		return out
	}
}

// Terminate ends every process in the job with exit code 1.
func (j *jobObject) Terminate() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.h == 0 {
		return nil
	}
	return windows.TerminateJobObject(j.h, 1)
}

// close releases the job; processes still in it are terminated.
func (j *jobObject) close() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.h != 0 {
		windows.CloseHandle(j.h)
		j.h = 0
	}
}
