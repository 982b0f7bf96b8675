package classify

// Containment is what the sandbox holds of the commands a run starts, as
// the runtime measured it (sandbox.Status): the classifier lets through
// what the kernel contains, and asks for the same commands when it does
// not (--sandbox off, or a kernel without Landlock or namespaces).
type Containment struct {
	// Files is true when the kernel refuses programs' writes outside the
	// project, its temporary directory and the toolchains' caches.
	Files bool
	// Processes is true when programs run in their own PID namespace:
	// they cannot see or signal the user's other processes.
	Processes bool
	// Code is true when what git or the shell runs is read-only to
	// programs, inside the project too: .git/hooks, .git/config and the
	// home's programs and start-up files (~/.bashrc) when the project
	// holds the home.
	Code bool
}

// Contained is the containment of an enforced sandbox with its own
// namespaces: everything the classifier leaves to the kernel is held.
func Contained() Containment { return Containment{Files: true, Processes: true, Code: true} }
