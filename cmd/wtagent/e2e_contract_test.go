//go:build linux

package main

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// TestContractLineLiveAndSlash: when a request starts, the live view
// prints in one line what the done gate will hold the model to; /evidence
// shows it again at the prompt (#45).
func TestContractLineLiveAndSlash(t *testing.T) {
	e := newEnv(t)
	e.write("a.txt", "alpha\n")
	s := e.script(
		model.ScriptLine{Expect: "<task project", Reply: agentReply(false, "Read.", callXML("fs.read", el("path", "a.txt")))},
		model.ScriptLine{Expect: "alpha", Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "out.txt"), el("content", "alpha\n")))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(true, "Wrote out.txt.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "allow")
	at := tm.waitIdle(0)
	tm.send("read a.txt, then write out.txt\r")
	at = tm.waitFor("needs: a change · a read of a.txt", at)
	at = tm.waitFor("Wrote out.txt.", at)
	at = tm.waitIdle(at)
	tm.send("/evidence\r")
	at = tm.waitFor("read a.txt, then write out.txt", at)
	at = tm.waitFor("needs: a change · a read of a.txt", at)
	tm.waitIdle(at)
}

// TestContractLineJSON: --json carries the contract of each request as a
// request.needs line after the event that carries the request.
func TestContractLineJSON(t *testing.T) {
	e := newEnv(t)
	s := e.script(model.ScriptLine{Expect: "<task", Reply: agentReply(true, "A lightweight thread.", "")})
	code, out, errOut := e.run("--provider", "script", "--script", s, "--json", "what is a goroutine?")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var types []string
	var needs struct {
		Request, Line string
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l struct {
			Type    string          `json:"type"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("not JSON: %q: %v", sc.Text(), err)
		}
		types = append(types, l.Type)
		if l.Type == "request.needs" {
			if err := json.Unmarshal(l.Payload, &needs); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(types) < 2 || types[0] != "run.started" || types[1] != "request.needs" {
		t.Fatalf("lines %q, want run.started then request.needs", types)
	}
	if needs.Request != "what is a goroutine?" || needs.Line != "needs: nothing (an answer)" {
		t.Fatalf("request.needs = %+v", needs)
	}
}
