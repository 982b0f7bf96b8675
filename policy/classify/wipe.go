package classify

// WipeDeny is the reason given to the model for a hard-denied delete.
func WipeDeny(prog, what string) string {
	return prog + " would delete " + what + "; wtagent never runs that, whatever the approvals mode"
}

// denyWipes hard-denies the command when an operand in ops is a wipe.
func (c *Classifier) denyWipes(prog string, ops []int) {
	for _, i := range ops {
		if what := c.judge.Wipes(c.judge.Cases().WipeForm(c.Words[i])); what != "" {
			c.Deny(WipeDeny(prog, what))
			return
		}
	}
}

// scriptDenies applies the command table's hard denies to the commands of
// a script that is not plain, taking its words as written: such a script
// asks for approval, which --approvals=allow would give.
func (c *Classifier) scriptDenies(s *Script) {
	cmds := make([][]string, 0, len(s.Commands))
	for _, cmd := range s.Commands {
		cmds = append(cmds, cmd.Args)
	}
	c.commandDenies(cmds)
}

// commandDenies applies the command table's hard denies to each of cmds
// (a script's commands, as words).
func (c *Classifier) commandDenies(cmds [][]string) {
	for _, words := range cmds {
		if len(words) == 0 {
			continue
		}
		sub := &Classifier{Words: words, judge: c.judge, depth: c.depth}
		sub.skip = make([]bool, len(words))
		sub.unwrap(0, false)
		if sub.Denied != "" {
			c.Deny(sub.Denied)
			return
		}
	}
}
