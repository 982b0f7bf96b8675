package main

import (
	"fmt"
	"sort"
	"time"
)

// bench holds what the rows share.
type bench struct {
	bin, dir string
	quick    bool
	// exec200 is the 200 MB row's tool time by sandbox mode.
	exec200 map[string]time.Duration
}

func (b *bench) rows() []row {
	return []row{
		{name: "enter a 100 KB code-like message into the composer, exact", target: "< 2 s, and ≥ 10× faster than insertText at 20 KB", measure: b.textEntry},
		{name: "last streamed token → parsed turn (through wtagent)", target: "< 0.3 s median, never early", measure: b.completionLatency},
		{name: "last token → parsed turn, 2026 reasoning and hand-off turns (through wtagent)", target: "< 0.3 s median, never early", measure: b.handoffLatency},
		{name: "send → confirmed on the 2026-09 page (POST reached the server → Send returned)", target: "< 0.5 s median; the whole send ≤ 1.5× the testid page's + 0.1 s", measure: b.sendConfirm},
		{name: "runtime overhead per turn (scripted model, trivial tool, 500 turns)", target: "< 2 ms median", measure: b.turnOverhead},
		{name: "terminal.exec of a program printing 200 MB", target: "≤ 1.5× wall; wtagent peak RSS ≤ 64 MB", measure: b.execOutput},
		{name: "kernel sandbox cost: per terminal.exec, and on the 200 MB output row", target: "≤ 5 ms per command, ≤ 5 %", measure: b.sandboxCost},
		{name: "timeout → every process of a 20-process tree gone (one setsid grandchild)", target: "≤ grace + 0.5 s", measure: b.treeKill},
		{name: "resume replay of a 10 000-event log", target: "< 0.2 s", measure: b.replay},
		{name: "wtagent status --json on a live session", target: "< 50 ms", measure: b.status},
		{name: "fs.search Go fallback on a 50 000-file tree", target: "≤ 3× rg", measure: b.search},
		{name: "messages per task (testdata/batchcorpus with the acceptance scenario: one call per reply, issue 26's batches, chains of changes; through wtagent)", target: "chains ≥ 2.5× fewer messages than one call per reply, identical end states", measure: b.messagesPerTask},
		{name: "messages per task through Chromium on the mock page (testdata/batchcorpus with the acceptance scenario, -quick the scenario alone: one call per reply, issue 26's batches, chains of changes)", target: "chains ≥ 2.5× fewer messages than one call per reply, identical end states", measure: b.messagesThroughPage},
		{name: "reply repairs over the golden corpus (testdata/protocol)", target: "every repair case runs without a re-ask; repairs cost ≤ 1.25× on a 100 KB reply", measure: b.repairs},
		{name: "approvals on real commands (testdata/commands, through CheckCall)", target: "sandbox on: needless asks ≤ 3 % of harmless; on and off: no uncontained risky command unasked, ≥ 97 % of incidents stopped", measure: b.approvals},
		{name: "three read sub-agents, a 4-reply conversation each, in parallel tabs on the mock page (through wtagent)", target: "≤ 1.5× one alone", measure: b.subAgentsParallel},
		{name: "done gate over real requests (testdata/requests): over-ask and under-ask", target: "≤ 3 % each way, English and Chinese apart", measure: b.requestCorpus},
	}
}

// approvals runs the corpus of real commands through the policy engine
// (policy's BenchmarkApprovalCorpus) with the sandbox on and off, and
// reports issue 46's three rates for each: off, harmless commands may ask
// more, and only the checkpoint's undo contains.
func (b *bench) approvals() result {
	m, err := goBench("./policy", "^BenchmarkApprovalCorpus$", "1x")
	if err != nil {
		return failed(err)
	}
	on, off := m["BenchmarkApprovalCorpus/sandbox_on"], m["BenchmarkApprovalCorpus/sandbox_off"]
	pass := func(name string, a metrics) string {
		return fmt.Sprintf("%s: asks no reviewer would defend %.0f/%.0f = %.1f %% (harmless asked %.0f); risky or destructive the run cannot contain allowed unasked %.0f/%.0f; incidents stopped %.0f/%.0f = %.1f %%",
			name, a["needless"], a["harmless"], a["needless-%"], a["harmless-asked"], a["unasked"], a["uncontained"], a["stopped"], a["incidents"], a["stopped-%"])
	}
	return result{
		measured: fmt.Sprintf("%.0f commands; %s; %s", on["commands"], pass("sandbox on", on), pass("sandbox off", off)),
		baseline: "Codex CLI default (from its rules, issue 46; not measured here): 16 % needless, 24 % risky allowed, 30/38 incidents",
		ok:       verdict(on["needless-%"] <= 3 && on["unasked"] == 0 && on["stopped-%"] >= 97 && off["unasked"] == 0 && off["stopped-%"] >= 97),
	}
}

func (b *bench) repairs() result {
	m, err := goBench("./protocol", "^(BenchmarkGoldenCorpus|BenchmarkRepairCost100KB)$", "60x")
	if err != nil {
		return failed(err)
	}
	g, c := m["BenchmarkGoldenCorpus"], m["BenchmarkRepairCost100KB"]
	cost := c["ratio"]
	return result{
		measured: fmt.Sprintf("%.0f of %.0f replies repaired (%.1f %%), %.0f re-asked (%.1f %%): %.1f %% of strict re-asks avoided; "+
			"%s per 100 KB reply (%.2f× strict), %.0f µs per corpus reply",
			g["repaired"], g["replies"], g["repaired-%"], g["reasked"], g["reasked-%"], g["avoided-%"],
			dur(c["repair-ns"]), cost, g["ns/reply"]/1000),
		baseline: fmt.Sprintf("strict parsing re-asks %.0f; %.0f repair cases", g["strict-reasked"], g["repair-cases"]),
		ok:       verdict(g["repaired"] == g["repair-cases"] && g["strict-reasked"]-g["reasked"] == g["repaired"] && cost <= 1.25),
	}
}

func (b *bench) textEntry() result {
	m, err := goBench("./browser", "^BenchmarkTextEntry$", "1x")
	if err != nil {
		return failed(err)
	}
	e := m["BenchmarkTextEntry"]
	keys := "not run (-quick)"
	if !b.quick {
		k, err := goBench("./browser", "^BenchmarkSendKeys2KB$", "1x")
		if err != nil {
			return failed(err)
		}
		keys = fmt.Sprintf("per-key SendKeys 2 KB %.1f s (≈ %.0f min for 100 KB)", k["BenchmarkSendKeys2KB"]["sendkeys-2KB-ms"]/1000,
			k["BenchmarkSendKeys2KB"]["extrapolated-100KB-min"])
	}
	dom100, dom20, ins20 := e["dom-100KB-ms"], e["dom-20KB-ms"], e["inserttext-20KB-ms"]
	return result{
		measured: fmt.Sprintf("%.2f s for 100 KB (20 KB: %.2f s)", dom100/1000, dom20/1000),
		baseline: fmt.Sprintf("insertText 20 KB %.1f s (%.0f× slower than ours at 20 KB, %.1f× slower than ours at 100 KB); %s",
			ins20/1000, ins20/dom20, ins20/dom100, keys),
		ok: verdict(dom100 < 2000 && ins20/dom20 >= 10),
	}
}

func (b *bench) turnOverhead() result {
	m, err := goBench("./actors", "^BenchmarkTurnOverhead$", "3x")
	if err != nil {
		return failed(err)
	}
	t := m["BenchmarkTurnOverhead"]
	return result{
		measured: fmt.Sprintf("%.2f ms median, %.2f ms p90", t["ms/turn-median"], t["ms/turn-p90"]),
		baseline: "—", ok: verdict(t["ms/turn-median"] < 2),
	}
}

func (b *bench) treeKill() result {
	m, err := goBench("./toolactors/proc", "^BenchmarkTreeKill$", "3x")
	if err != nil {
		return failed(err)
	}
	ign, term := m["BenchmarkTreeKill/ignore-term"], m["BenchmarkTreeKill/term"]
	grace := ign["grace-ms"]
	return result{
		measured: fmt.Sprintf("%.0f ms (tree ignoring SIGTERM); %.0f ms (tree exiting on SIGTERM)", ign["kill-ms"], term["kill-ms"]),
		baseline: fmt.Sprintf("grace %.0f ms", grace), ok: verdict(ign["kill-ms"] <= grace+500),
	}
}

func (b *bench) replay() result {
	m, err := goBench("./session", "^BenchmarkReplay10k$", "5x")
	if err != nil {
		return failed(err)
	}
	ms := m["BenchmarkReplay10k"]["ns/op"] / 1e6
	return result{measured: fmt.Sprintf("%.0f ms (read and rebuild the ledger and replay state)", ms), baseline: "—", ok: verdict(ms < 200)}
}

func (b *bench) search() result {
	files := "50000"
	if b.quick {
		files = "5000"
	}
	m, err := goBench("./toolactors/tools", "^BenchmarkSearch$", "3x", "WTAGENT_BENCH_FILES="+files)
	if err != nil {
		return failed(err)
	}
	var cases []string
	for name := range m {
		cases = append(cases, name)
	}
	sort.Strings(cases)
	worst, parts, baseParts := 0.0, "", ""
	for _, c := range []string{"rare", "common-capped", "regex"} {
		g, r := m["BenchmarkSearch/"+c+"/go"], m["BenchmarkSearch/"+c+"/ripgrep"]
		if g == nil || r == nil {
			return failed(fmt.Errorf("missing search case %s (have %v)", c, cases))
		}
		ratio := g["ns/op"] / r["ns/op"]
		worst = max(worst, ratio)
		parts += fmt.Sprintf("%s %s (%.1f×); ", c, dur(g["ns/op"]), ratio)
		baseParts += fmt.Sprintf("%s %s; ", c, dur(r["ns/op"]))
	}
	return result{measured: parts + files + " files", baseline: "rg: " + baseParts, ok: verdict(worst <= 3)}
}

func dur(ns float64) string { return time.Duration(ns).Round(time.Millisecond).String() }
