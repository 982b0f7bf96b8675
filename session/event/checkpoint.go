package event

// CheckpointPayload is the payload of checkpoint.taken: a snapshot of the
// project taken before or after a tool call with side effects.
type CheckpointPayload struct {
	// When is "before" or "after" the call.
	When string `json:"when"`
	Tool string `json:"tool"`
	// ID is the snapshot's id in its store; empty when none was taken.
	ID string `json:"id,omitempty"`
	// Store is the kind of store that holds it.
	Store string `json:"store,omitempty"`
	// Error says why the project could not be snapshotted.
	Error string `json:"error,omitempty"`
	// Changed lists, in a snapshot after a call, the project files that
	// differ from the snapshot before it: what the call changed, a
	// command's changes included.
	Changed []string `json:"changed,omitempty"`
}

// UndoPayload is the payload of the undo.* events: undo.started holds the
// plan (written ahead, synced, before any file is touched) and the
// snapshot before it; undo.completed the snapshot after it.
type UndoPayload struct {
	// Turn is the first turn undone.
	Turn      int            `json:"turn"`
	Steps     []UndoStep     `json:"steps,omitempty"`
	Conflicts []UndoConflict `json:"conflicts,omitempty"`
	Before    string         `json:"before,omitempty"`
	After     string         `json:"after,omitempty"`
	// Path is the file undo.restored restored.
	Path string `json:"path,omitempty"`
}

// UndoStep is one file an undo restores: from Expect (the agent's last
// version) to Target (the version before the undone turn). A nil entry is
// a file that does not exist.
type UndoStep struct {
	Path   string     `json:"path"`
	Expect *FileEntry `json:"expect,omitempty"`
	Target *FileEntry `json:"target,omitempty"`
}

// FileEntry is one file of a snapshot: its content hash in the store's
// scheme and its kind ("file", "exec" or "symlink").
type FileEntry struct {
	Hash string `json:"hash"`
	Kind string `json:"kind"`
}

// UndoConflict is a file an undo will not touch because the user changed
// it by hand.
type UndoConflict struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}
