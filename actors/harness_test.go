package actors

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/session"
)

// hangGuard bounds a test's waits: they end on their event, and the guard
// only turns a hang into a failure, however loaded the machine.
const hangGuard = 3 * time.Minute

// harness runs real sessions over real tools in temp dirs with the scripted
// model.
type harness struct {
	t    testing.TB
	home session.Home
	root string
	sess *session.Session
	rt   *Runtime
	cfg  Config
}

// reply builds a script line's reply text.
func reply(done bool, message, call string) string {
	d := "false"
	if done {
		d = "true"
	}
	return "```xml\n<agent_response><done>" + d + "</done><message><![CDATA[" + message + "]]></message>" + call + "</agent_response>\n```"
}

// toolCall builds a <tool_call> element; args are raw XML.
func toolCall(name, args string) string {
	return `<tool_call name="` + name + `"><args>` + args + `</args></tool_call>`
}

func scriptOf(t *testing.T, replies ...string) []model.ScriptLine {
	t.Helper()
	var b strings.Builder
	for _, r := range replies {
		line, err := json.Marshal(model.ScriptLine{Reply: r})
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	lines, err := model.ParseScript(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// newBenchHarness is newHarness for benchmarks.
func newBenchHarness(b *testing.B, lines []model.ScriptLine) *harness {
	b.StopTimer()
	return newHarness(b, "bench", lines)
}

func newHarness(t testing.TB, task string, lines []model.ScriptLine) *harness {
	t.Helper()
	home, err := session.NewHome(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := home.EnsureLayout(); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	sess, err := session.Create(home, session.Meta{Root: root, Task: task, Provider: "script", PID: os.Getpid()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	h := &harness{t: t, home: home, root: root, sess: sess}
	h.cfg = Config{
		Session: sess, Root: root, Provider: "script",
		NewTransport: func(TransportHooks) model.Transport { return model.NewScripted(lines) },
		Approvals:    policy.ModeDeny, Environ: os.Environ(), PID: os.Getpid(),
	}
	return h
}

func (h *harness) start() {
	h.t.Helper()
	rt, err := Start(h.cfg)
	if err != nil {
		h.t.Fatal(err)
	}
	h.rt = rt
	h.t.Cleanup(h.stop)
}

func (h *harness) stop() {
	if h.rt == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	if err := h.rt.Shutdown(ctx); err != nil {
		h.t.Errorf("shutdown: %v", err)
	}
	h.rt = nil
}

// run starts a run and waits for its end.
func (h *harness) run(task string) messages.RunFinished {
	h.t.Helper()
	h.rt.Run(messages.StartRun{Task: task})
	select {
	case f := <-h.rt.Finished():
		return f
	case <-h.rt.Done():
		h.t.Fatalf("runtime stopped: %v", h.rt.Err())
	case <-time.After(hangGuard):
		h.t.Fatal("the run did not finish (hang guard)")
	}
	return messages.RunFinished{}
}

// events reads the session's event log.
func (h *harness) events() []event.Event {
	h.t.Helper()
	evs, _, err := h.sess.Events()
	if err != nil {
		h.t.Fatal(err)
	}
	return evs
}

// count counts events of a type.
func count(evs []event.Event, t event.Type) int {
	n := 0
	for _, ev := range evs {
		if ev.Type == t {
			n++
		}
	}
	return n
}
