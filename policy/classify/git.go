package classify

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// classifyGit reads git's global options (-C, -c, --git-dir, --work-tree,
// --exec-path, …), so "git -C x push" and "git -c a=b push" are still a
// push, then classifies the subcommand.
func classifyGit(c *Classifier, at int, _ bool) {
	i := at + 1
	for ; i < len(c.Words); i++ {
		t := c.Words[i]
		name, value, hasValue := strings.Cut(t, "=")
		switch {
		case t == "-c" || t == "--config-env":
			if i+1 < len(c.Words) {
				c.gitConfig(c.Words[i+1], c.whole())
			}
			i++
		case name == "--config-env" && hasValue:
			c.gitConfig(value, c.whole())
		case t == "-C" || t == "--git-dir" || t == "--work-tree" || t == "--namespace" || t == "--super-prefix" || t == "--attr-source":
			i++
		case name == "--exec-path" && hasValue:
			c.Add(event.RiskDestructive, "git --exec-path runs git's helpers from "+value, c.whole())
		case !strings.HasPrefix(t, "-"):
			c.gitSubcommand(i)
			return
		}
	}
}

// gitConfig flags configuration that makes git run a command (aliases with
// "!", hooks, pagers, editors, ssh commands, filters, credential helpers…).
func (c *Classifier) gitConfig(kv string, at int) {
	key, _, _ := strings.Cut(strings.ToLower(kv), "=")
	if gitKeyRunsCode(key) {
		c.Add(event.RiskDestructive, "git configuration "+key+" runs a command", at)
	}
}

func gitKeyRunsCode(key string) bool {
	for _, p := range [...]string{"alias.", "filter.", "diff.", "merge.", "gpg.", "credential", "protocol.",
		"uploadpack.", "receivepack.", "include.", "includeif.", "pager.", "url.", "sendemail.", "remote."} {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	switch key {
	case "core.sshcommand", "core.pager", "core.editor", "core.fsmonitor", "core.hookspath", "core.askpass",
		"core.gitproxy", "core.worktree", "sequence.editor", "interactive.difffilter", "ssh.variant":
		return true
	}
	return false
}

// gitSubcommand classifies git's subcommand at words[i].
func (c *Classifier) gitSubcommand(i int) {
	sub := c.Words[i]
	args := i + 1
	c.gitTransport(sub, args)
	switch sub {
	case "push":
		c.gitPush(i)
	case "send-email":
		c.Add(event.RiskExternal, "git send-email sends patches by e-mail", i)
	case "svn", "p4":
		if w := c.word(args); w == "dcommit" || w == "submit" {
			c.Add(event.RiskExternal, "git "+sub+" "+w+" publishes commits", args)
		}
	case "clean":
		_, dry := c.hasOption(args, "-n", "--dry-run")
		if c.anyShort(args, 'f') || c.hasLong(args, "--force") {
			if !dry {
				c.Add(event.RiskDestructive, "git clean -f deletes untracked files", c.whole())
			}
		}
	case "reset":
		if _, ok := c.hasOption(args, "--hard", "--merge", "--keep"); ok {
			c.Add(event.RiskDestructive, "git reset --hard discards uncommitted changes", c.whole())
		}
	case "checkout", "switch", "restore":
		c.gitDiscard(sub, args)
	case "stash":
		if w := c.word(c.operand(args)); w == "drop" || w == "clear" {
			c.Add(event.RiskDestructive, "git stash "+w+" deletes stashed changes", c.whole())
		}
	case "branch":
		if c.anyShort(args, 'D') || (c.hasLong(args, "--delete") && c.hasLong(args, "--force")) {
			c.Add(event.RiskDestructive, "git branch -D deletes unmerged branches", c.whole())
		}
	case "reflog", "gc", "prune", "filter-branch", "filter-repo", "update-ref", "replace":
		c.gitHistory(sub, args)
	case "rm":
		c.gitRemove(args)
	case "lfs":
		if c.word(c.operand(args)) == "migrate" && c.word(c.operand(args)+1) != "info" {
			c.Add(event.RiskDestructive, "git lfs migrate rewrites the history of every branch it touches", c.whole())
		}
	case "rebase":
		if j, ok := c.hasOption(args, "-x", "--exec"); ok {
			c.Add(event.RiskDestructive, "git rebase --exec runs inline shell code", c.whole())
			c.skipFrom(j + 1)
		}
	case "submodule":
		if c.word(c.operand(args)) == "foreach" {
			c.Add(event.RiskDestructive, "git submodule foreach runs inline shell code", c.whole())
			c.skipFrom(args)
		}
	case "bisect":
		if c.word(args) == "run" {
			c.nested(args+1, false)
		}
	case "config":
		c.gitConfigCommand(args)
	case "credential", "credential-store", "credential-cache":
		c.Add(event.RiskSensitive, "git "+sub+" reads stored credentials", i)
	case "commit", "tag", "notes", "grep", "log", "shortlog":
		c.gitSkipMessages(sub, args)
	}
}

// gitTransport flags ext:: URLs, custom upload/receive-pack commands and
// command-running configuration given to clone, fetch, pull, push and
// ls-remote.
func (c *Classifier) gitTransport(sub string, from int) {
	network := contains([]string{"clone", "fetch", "pull", "push", "ls-remote", "archive", "submodule"}, sub)
	for i := from; i < len(c.Words); i++ {
		t := c.Words[i]
		name, value, _ := strings.Cut(t, "=")
		switch {
		case strings.HasPrefix(t, "ext::"):
			c.Add(event.RiskDestructive, "the ext:: transport runs a shell command", c.whole())
		case !network:
		case name == "--upload-pack" || name == "--receive-pack" || (name == "--exec" && sub != "archive") || (t == "-u" && sub != "push"):
			c.Add(event.RiskDestructive, "git "+sub+" "+name+" runs a custom command on the remote side", c.whole())
		case t == "--config" || t == "-c":
			c.gitConfig(c.word(i+1), c.whole())
		case name == "--config":
			c.gitConfig(value, c.whole())
		}
	}
}

// gitPush: every push is external (it publishes); force, delete and
// mirror pushes also rewrite or remove remote history.
func (c *Classifier) gitPush(i int) {
	c.Add(event.RiskExternal, "git push publishes commits to a remote", i)
	for j := i + 1; j < len(c.Words); j++ {
		t := c.Words[j]
		force := t == "-f" || t == "--force" || strings.HasPrefix(t, "--force-with-lease") || t == "--force-if-includes" ||
			t == "--mirror" || t == "-d" || t == "--delete" || t == "--prune" ||
			(!strings.HasPrefix(t, "-") && (strings.HasPrefix(t, "+") || strings.HasPrefix(t, ":")))
		if force || (shortFlag(t, 'f') && !strings.HasPrefix(t, "--")) {
			c.Add(event.RiskExternal, "git push "+t+" rewrites or deletes remote history", j)
		}
	}
}

// gitDiscard flags checkout, switch and restore forms that throw away
// uncommitted work: forced ones, those naming paths (git checkout -- .,
// git checkout src/app.go), and a branch switch while tracked files have
// uncommitted changes (the judge asks git).
func (c *Classifier) gitDiscard(sub string, args int) {
	_, force := c.hasOption(args, "-f", "--force", "--discard-changes")
	_, create := c.hasOption(args, "-b", "-c", "-C", "--orphan", "--detach")
	if _, resolve := c.hasOption(args, "--ours", "--theirs", "--merge", "-m", "--conflict"); resolve && sub == "checkout" {
		return // picks a side of a merge conflict in the named paths
	}
	dashdash := false
	var paths, others []string
	for j := args; j < len(c.Words); j++ {
		t := c.Words[j]
		switch {
		case t == "--" || t == ".":
			dashdash = true
		case t == "-b" || t == "-B" || t == "-c" || t == "-C" || t == "--orphan":
			j++
		case strings.HasPrefix(t, "-"):
		case dashdash || c.judge.Kind(t) == "file" || c.judge.Kind(t) == "dir":
			paths = append(paths, t)
		default:
			others = append(others, t)
		}
	}
	_, staged := c.hasOption(args, "--staged", "-S")
	_, worktree := c.hasOption(args, "--worktree", "-W")
	switch {
	case sub == "restore" && (!staged || worktree):
		c.Add(event.RiskDestructive, "git restore discards uncommitted changes", c.whole())
	case sub == "restore":
	case force || dashdash || len(paths) > 0:
		c.Add(event.RiskDestructive, "git "+sub+" "+c.shown(args, len(c.Words))+" discards uncommitted changes", c.whole())
	case !create && len(others) > 0:
		if n := c.judge.Uncommitted(); n > 0 {
			c.Add(event.RiskDestructive, fmt.Sprintf("git %s %s switches branches while %d tracked files have uncommitted changes, which the switch can overwrite",
				sub, others[0], n), c.whole())
		}
	}
}

// gitRemove: git rm -r (not --cached) deletes tracked trees from the work
// tree, and -f discards their uncommitted changes.
func (c *Classifier) gitRemove(args int) {
	if _, cached := c.hasOption(args, "--cached"); cached {
		c.skipFrom(args) // unstages: reads and deletes no file
		return
	}
	_, dry := c.hasOption(args, "-n", "--dry-run")
	switch {
	case dry:
	case c.anyShort(args, 'r') || c.hasLong(args, "-r"):
		c.Add(event.RiskDestructive, "git rm -r "+c.shown(c.operand(args), len(c.Words))+" deletes tracked files from the work tree", c.whole())
	case c.anyShort(args, 'f') || c.hasLong(args, "--force"):
		c.Add(event.RiskDestructive, "git rm -f deletes files and their uncommitted changes", c.whole())
	}
}

// gitHistory flags commands that delete history or objects.
func (c *Classifier) gitHistory(sub string, args int) {
	w := c.word(c.operand(args))
	_, del := c.hasOption(args, "-d", "--delete")
	_, prune := c.hasOption(args, "--prune")
	switch {
	case sub == "reflog" && (w == "expire" || w == "delete"),
		sub == "gc" && prune, sub == "prune", sub == "filter-branch", sub == "filter-repo",
		(sub == "update-ref" || sub == "replace") && del:
		c.Add(event.RiskDestructive, "git "+sub+" deletes or rewrites history", c.whole())
	}
}

// gitConfigCommand flags writes to the user's or the system's git
// configuration and keys that run commands.
func (c *Classifier) gitConfigCommand(args int) {
	var positional []int
	for j := args; j < len(c.Words); j++ {
		if t := c.Words[j]; !strings.HasPrefix(t, "-") {
			positional = append(positional, j)
		}
	}
	_, get := c.hasOption(args, "--get", "--get-all", "--get-regexp", "--list", "-l", "get", "list")
	writes := !get && len(positional) >= 2
	if _, global := c.hasOption(args, "--global", "--system"); global && writes {
		c.Add(event.RiskSensitive, "git config changes your git configuration outside the project", c.whole())
	}
	if writes {
		c.gitConfig(c.Words[positional[0]], c.whole())
	}
}

// gitSkipMessages keeps commit messages and search patterns out of the
// path checks.
func (c *Classifier) gitSkipMessages(sub string, args int) {
	for j := args; j+1 < len(c.Words); j++ {
		t := c.Words[j]
		switch {
		case contains([]string{"--message", "-S", "-G", "--grep", "-e", "--author"}, t),
			shortFlag(t, 'm') && strings.HasSuffix(t, "m"):
			c.skip[j+1] = true
		case strings.HasPrefix(t, "--message=") || strings.HasPrefix(t, "--grep="):
			c.skip[j] = true
		}
	}
	if sub == "grep" {
		c.skipFirstPattern(args)
	}
}

// skipFirstPattern marks the first operand from i as a pattern.
func (c *Classifier) skipFirstPattern(i int) {
	if j := c.operand(i); j < len(c.Words) {
		c.skip[j] = true
	}
}

// anyShort reports whether a short-option cluster from i holds letter.
func (c *Classifier) anyShort(i int, letter byte) bool {
	for ; i < len(c.Words); i++ {
		if shortFlag(c.Words[i], letter) {
			return true
		}
	}
	return false
}

// hasLong reports whether a long option appears from i.
func (c *Classifier) hasLong(i int, opt string) bool {
	_, ok := c.hasOption(i, opt)
	return ok
}

// classifyForge classifies gh and glab: authentication and raw API calls
// are sensitive; commands that change something on the forge (create,
// merge, close, delete, edit, comment, release, run…) are external.
func classifyForge(c *Classifier, at int, _ bool) {
	c.atFiles = true
	i := c.operand(at+1, "-R", "--repo", "--hostname")
	area := c.word(i)
	action := c.word(c.operand(i+1, "-R", "--repo"))
	switch {
	case area == "auth" && action == "status" && !c.hasLong(i+1, "--show-token") && !c.anyShort(i+1, 't'):
		// who is logged in; the token is masked
	case area == "auth":
		c.Add(event.RiskSensitive, area+" "+action+" handles your forge credentials", c.whole())
	case area == "api":
		if c.forgeAPIWrites(i + 1) {
			c.Add(event.RiskExternal, "writes through the forge API", c.whole())
		}
	case area == "secret" || area == "variable" || area == "ssh-key" || area == "gpg-key":
		c.Add(event.RiskExternal, "changes the forge's "+area+"s", c.whole())
	case forgeMutates(action):
		c.Add(event.RiskExternal, area+" "+action+" changes the remote repository", c.operand(i+1))
	}
}

func (c *Classifier) forgeAPIWrites(i int) bool {
	for ; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case t == "-X" || t == "--method":
			if m := strings.ToUpper(c.word(i + 1)); m != "GET" && m != "HEAD" {
				return true
			}
		case strings.HasPrefix(t, "-X") && len(t) > 2, strings.HasPrefix(t, "--method="):
			m := strings.ToUpper(strings.TrimPrefix(strings.TrimPrefix(t, "--method="), "-X"))
			if m != "GET" && m != "HEAD" {
				return true
			}
		case t == "-f" || t == "-F" || t == "--field" || t == "--raw-field" || t == "--input" ||
			strings.HasPrefix(t, "--field=") || strings.HasPrefix(t, "--raw-field=") || strings.HasPrefix(t, "--input="):
			return true
		}
	}
	return false
}

func forgeMutates(action string) bool {
	switch action {
	case "create", "merge", "close", "delete", "edit", "comment", "review", "reopen", "ready", "upload",
		"lock", "unlock", "transfer", "archive", "unarchive", "rename", "fork", "sync", "set", "enable",
		"disable", "run", "cancel", "rerun", "deploy", "add", "remove", "approve", "revoke", "publish":
		return true
	}
	return false
}
