package protocol

import (
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// CatalogueText renders the catalogue for the bootstrap prompt, one block
// per tool:
//
//	fs.read [read · 30s · output ≤48 KiB]: Read a text file by lines. …
//	  <path> string, required: file relative to the project root
//	  <offset> int ≥0, default 0: first line to return, from 0
//
// It is generated from the ToolSpecs, so a tool is described only once.
// When the catalogue allows several calls per reply (WithMaxCalls), each
// tool with side effects says "a change: one per reply, last" (with
// chains, "a change").
func CatalogueText(c *Catalogue) string {
	var b strings.Builder
	for i, s := range c.Specs() {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s [%s]: %s\n", s.Name, traits(s, c.MaxCalls(), c.Chains()), s.Description)
		if len(s.Args) == 0 {
			b.WriteString("  (no arguments)\n")
		}
		alts := forms(s.Args)
		for _, a := range s.Args {
			if len(alts) > 1 && a.Form == alts[0] && firstOfForm(s.Args, a) {
				fmt.Fprintf(&b, "  either:\n")
			} else if len(alts) > 1 && a.Form != "" && a.Form != alts[0] && firstOfForm(s.Args, a) {
				fmt.Fprintf(&b, "  or:\n")
			}
			indent := "  "
			if a.Form != "" && len(alts) > 1 {
				indent = "    "
			}
			fmt.Fprintf(&b, "%s<%s> %s", indent, a.Name, argSummary(a))
			if a.Doc != "" {
				fmt.Fprintf(&b, ": %s", a.Doc)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func firstOfForm(specs []ArgSpec, a ArgSpec) bool {
	for _, x := range specs {
		if x.Form == a.Form {
			return x.Name == a.Name
		}
	}
	return false
}

// traits summarises a tool's risk, timeout and output limit, and, when a
// reply may hold several calls, how the tool batches.
func traits(s ToolSpec, maxCalls int, chain bool) string {
	parts := []string{riskLabel(s.Risk)}
	if s.Timeout > 0 {
		t := shortDuration(s.Timeout)
		if s.MaxTimeout > s.Timeout {
			t += " (up to " + shortDuration(s.MaxTimeout) + ")"
		}
		parts = append(parts, t)
	}
	if s.OutputLimit > 0 {
		parts = append(parts, "output ≤"+byteSize(s.OutputLimit))
	}
	switch {
	case maxCalls > 1 && s.SideEffects() && chain:
		parts = append(parts, "a change")
	case maxCalls > 1 && s.SideEffects():
		parts = append(parts, "a change: one per reply, last")
	}
	return strings.Join(parts, ", ")
}

func riskLabel(r event.Risk) string {
	switch r {
	case event.RiskRead:
		return "read-only"
	case event.RiskWrite:
		return "writes"
	case event.RiskExecute:
		return "executes"
	case "":
		return "read-only"
	}
	return string(r)
}

func shortDuration(d time.Duration) string {
	switch {
	case d >= time.Hour && d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	case d >= time.Minute && d%time.Minute == 0:
		return fmt.Sprintf("%dmin", d/time.Minute)
	}
	return d.String()
}

func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// argSummary is an argument's type, limits and default: "int 1–4000,
// default 400", "text, required, in CDATA", "overwrite|append, default
// overwrite".
func argSummary(a ArgSpec) string {
	parts := []string{typeName(a)}
	if a.MaxLen > 0 {
		parts[0] += " ≤" + byteSize(a.MaxLen)
	}
	switch {
	case a.Required:
		parts = append(parts, "required")
	case a.Default != "" && a.Type == ArgString:
		parts = append(parts, fmt.Sprintf("default %q", a.Default))
	case a.Default != "":
		parts = append(parts, "default "+a.Default)
	}
	return strings.Join(parts, ", ")
}

// typeName names an argument's type as the model should write it.
func typeName(a ArgSpec) string {
	switch a.Type {
	case ArgInt:
		switch {
		case a.Max <= a.Min:
			return "int"
		case a.Max >= 1<<30:
			return fmt.Sprintf("int ≥%d", a.Min)
		}
		return fmt.Sprintf("int %d–%d", a.Min, a.Max)
	case ArgBool:
		return "true|false"
	case ArgEnum:
		return strings.Join(a.Enum, "|")
	case ArgList:
		return "list of <item>"
	case ArgEdits:
		return "list of <edit>"
	case ArgText:
		return "text"
	case ArgNumber:
		return "number"
	case ArgJSON:
		return "JSON text"
	}
	return "string"
}

// Usage is a one-paragraph reminder of a tool's arguments, for feedback:
// "fs.write arguments: <path> string, required; <content> text ≤4 MiB,
// required; <mode> overwrite|append, default overwrite."
func Usage(s ToolSpec) string {
	if len(s.Args) == 0 {
		return s.Name + " takes no arguments: <tool_call name=\"" + s.Name + "\"><args/></tool_call>."
	}
	alts := forms(s.Args)
	var plain []string
	byForm := map[string][]string{}
	for _, a := range s.Args {
		d := "<" + a.Name + "> " + argSummary(a)
		if a.Form == "" || len(alts) < 2 {
			plain = append(plain, d)
		} else {
			byForm[a.Form] = append(byForm[a.Form], d)
		}
	}
	out := s.Name + " arguments: " + strings.Join(plain, "; ")
	if len(alts) > 1 {
		var choices []string
		for _, f := range alts {
			choices = append(choices, strings.Join(byForm[f], "; "))
		}
		out += "; and either " + strings.Join(choices, ", or ")
	}
	return out + ". Text values go in CDATA."
}
