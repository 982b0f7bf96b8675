package main

import (
	"fmt"
	"os"

	"github.com/wtagent/wtagent/browser/chrome"
)

// sendConfirm is the 2026-09 send row: the conversation POST's arrival at
// the mock → Send confirmed, and the whole Send, on the 2026-09 page
// (Turkish labels, hidden routes, a frozen copy, a six-exchange window)
// beside the 2026-06 testid page.
func (b *bench) sendConfirm() result {
	if _, err := chrome.Discover(os.Getenv, "linux"); err != nil {
		return result{measured: "not measured", baseline: "-", ok: "n/a", note: err.Error()}
	}
	n := "20x"
	if b.quick {
		n = "5x"
	}
	m, err := goBench("./browser", "^BenchmarkSendConfirm$", n)
	if err != nil {
		return failed(err)
	}
	sep, mid := m["BenchmarkSendConfirm/2026-09"], m["BenchmarkSendConfirm/2026-06"]
	return result{
		measured: fmt.Sprintf("POST → confirmed %.0f ms median; whole send %.0f ms", sep["post-to-confirmed-ms"], sep["send-ms"]),
		baseline: fmt.Sprintf("2026-06 testid page: POST → confirmed %.0f ms, whole send %.0f ms", mid["post-to-confirmed-ms"], mid["send-ms"]),
		ok:       verdict(sep["post-to-confirmed-ms"] < 500 && sep["send-ms"] <= 1.5*mid["send-ms"]+100),
	}
}
