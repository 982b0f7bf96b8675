package nsinit

import (
	"errors"
	"strconv"
)

// Config is what the init process does, passed on its command line (see
// Args and parse).
type Config struct {
	// ReadOnly are paths mounted read-only on themselves.
	ReadOnly []string
	// Masks are paths covered by an empty read-only mount.
	Masks []string
	// Loopback brings lo up (the init runs in a new network namespace).
	Loopback bool
	// Probe sets the namespaces up and reports, without a program.
	Probe bool
	// Serve sets the namespaces up once and then starts each program
	// wtagent asks for on the control socket that follows the ruleset
	// (see serve): one init per session.
	Serve bool
	// MapUID and MapGID, when MapIDs, are the user's ids, which the init
	// maps to themselves in its user namespace: wtagent, non-dumpable,
	// cannot write the maps of a child that is not root's.
	MapIDs         bool
	MapUID, MapGID int
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
	if c.MapIDs {
		a = append(a, "-map", strconv.Itoa(c.MapUID), strconv.Itoa(c.MapGID))
	}
	if c.Probe {
		return append(a, "-probe")
	}
	return append(a, "-serve")
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
		case "-map":
			c.MapIDs = true
			for _, id := range []*int{&c.MapUID, &c.MapGID} {
				if v, err = val(); err == nil {
					if *id, err = strconv.Atoi(v); err != nil || *id < 0 {
						err = wrap("-map "+strconv.Quote(v), errUsage)
					}
				}
				if err != nil {
					return c, err
				}
			}
		case "-probe":
			c.Probe = true
			return c, nil
		case "-serve":
			c.Serve = true
			return c, nil
		default:
			return c, wrap(strconv.Quote(args[i]), errUsage)
		}
		if err != nil {
			return c, err
		}
	}
	return c, wrap("neither -probe nor -serve", errUsage)
}
