// Package owntemp is wtagent's own directory under the system's temporary
// directory, where its temporary files live: sessions' sandbox temporary
// directories, message files waiting to be attached, ripgrep's ignore
// files.
//
// Keeping them in one directory lets the sandbox hide them from programs
// even where the system's temporary directory itself is open to them
// (macOS: the per-user Darwin temporary directory is writable in
// workspace-write, since xcrun and others write there whatever TMPDIR
// says, and it is also os.TempDir). The directory is the user's alone
// (0700), and one that is not — a link, another user's, open to others —
// is refused, never used.
package owntemp
