package cmdtest

import (
	"errors"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil"
)

// CheckError fails t unless err names want and is a usage error
// (cmdutil.FlagError, exit 2) exactly when usage is set.
func CheckError(t testing.TB, err error, want string, usage bool) {
	t.Helper()
	var fe *cmdutil.FlagError
	if err == nil || !strings.Contains(err.Error(), want) || errors.As(err, &fe) != usage {
		t.Fatalf("error %v, want one naming %q (usage error: %v)", err, want, usage)
	}
}
