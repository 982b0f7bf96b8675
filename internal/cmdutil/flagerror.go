package cmdutil

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// FlagErrorFunc turns a flag parsing error into a usage error. A value
// the flag cannot take is one plain line naming the flag and what it
// takes ("--max-turns: want a whole number, not "x""), not the parser's
// words (strconv.ParseInt: parsing "x": invalid syntax).
func FlagErrorFunc(_ *cobra.Command, err error) error {
	var ive *pflag.InvalidValueError
	if errors.As(err, &ive) && ive.GetFlag() != nil {
		fl := ive.GetFlag()
		return FlagErrorf("--%s: want %s, not %q", fl.Name, valueKind(fl.Value.Type()), ive.GetValue())
	}
	return &FlagError{Err: err}
}

// valueKind says in words what a flag of pflag type typ takes.
func valueKind(typ string) string {
	switch typ {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "count":
		return "a whole number"
	case "float32", "float64":
		return "a number"
	case "bool":
		return "true or false"
	case "duration":
		return "a duration such as 90s, 20m or 1h30m"
	}
	return fmt.Sprintf("a %s value", typ)
}
