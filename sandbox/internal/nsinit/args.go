package nsinit

import "errors"

// Config is what the init process does, passed on its command line (see
// Args and parse).
type Config struct {
	// ReadOnly are paths mounted read-only on themselves.
	ReadOnly []string
	// Masks are paths covered by an empty read-only mount.
	Masks []string
	// Loopback brings lo up (the init runs in a new network namespace).
	Loopback bool
	// Dir is the program's working directory, entered after the mounts.
	Dir string
	// Extra is how many descriptors after stdio (3, 4, …) the program
	// inherits; the Landlock ruleset and the status pipe follow them.
	Extra int
	// Probe sets the namespaces up and reports, without a program.
	Probe bool
	// Spare sets the namespaces up, reports "ready" and waits for one
	// Request on the socket that follows the ruleset (see spare).
	Spare bool
	// MapUID and MapGID, when MapIDs, are the user's ids, which the init
	// maps to themselves in its user namespace: wtagent, non-dumpable,
	// cannot write the maps of a child that is not root's.
	MapIDs         bool
	MapUID, MapGID int
	// Path and Argv are the program (Argv[0] its name).
	Path string
	Argv []string
}

// errUsage is a command line the init does not understand.
var errUsage = errors.New("sandbox init: bad arguments")

// Args is c as the init's arguments after Arg0.
func (c Config) Args() []string {
	var a []string
	for _, p := range c.ReadOnly {
		a = append(a, "-ro", p)
	}
	for _, p := range c.Masks {
		a = append(a, "-mask", p)
	}
	if c.Loopback {
		a = append(a, "-lo")
	}
	if c.Dir != "" {
		a = append(a, "-dir", c.Dir)
	}
	if c.Extra > 0 {
		a = append(a, "-extra", itoa(c.Extra))
	}
	if c.MapIDs {
		a = append(a, "-map", itoa(c.MapUID), itoa(c.MapGID))
	}
	if c.Probe {
		return append(a, "-probe")
	}
	if c.Spare {
		return append(a, "-spare")
	}
	return append(append(a, "--", c.Path), c.Argv...)
}

// parse reads Args' output back.
func parse(args []string) (Config, error) {
	var c Config
	for i := 0; i < len(args); i++ {
		val := func() (string, error) {
			if i+1 >= len(args) {
				return "", wrap(args[i]+" needs a value", errUsage)
			}
			i++
			return args[i], nil
		}
		var err error
		var v string
		switch args[i] {
		case "-ro":
			v, err = val()
			c.ReadOnly = append(c.ReadOnly, v)
		case "-mask":
			v, err = val()
			c.Masks = append(c.Masks, v)
		case "-lo":
			c.Loopback = true
		case "-dir":
			c.Dir, err = val()
		case "-extra":
			if v, err = val(); err == nil {
				var ok bool
				if c.Extra, ok = atoi(v); !ok {
					err = wrap("-extra "+quote(v), errUsage)
				}
			}
		case "-map":
			c.MapIDs = true
			for _, id := range []*int{&c.MapUID, &c.MapGID} {
				if v, err = val(); err == nil {
					var ok bool
					if *id, ok = atoi(v); !ok {
						err = wrap("-map "+quote(v), errUsage)
					}
				}
				if err != nil {
					return c, err
				}
			}
		case "-probe":
			c.Probe = true
			return c, nil
		case "-spare":
			c.Spare = true
			return c, nil
		case "--":
			if i+1 >= len(args) {
				return c, wrap("no program", errUsage)
			}
			c.Path, c.Argv = args[i+1], args[i+2:]
			if len(c.Argv) == 0 {
				c.Argv = []string{c.Path}
			}
			return c, nil
		default:
			return c, wrap(quote(args[i]), errUsage)
		}
		if err != nil {
			return c, err
		}
	}
	return c, wrap("no program", errUsage)
}
