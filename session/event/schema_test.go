package event

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/gosrctest"
)

var update = flag.Bool("update", false, "record the golden payloads of the current Version (only with a version change)")

// payloads is the payload each event type carries, as its writers write
// it.
var payloads = map[Type]any{
	EvSessionCreated: TextPayload{}, EvInstruction: TextPayload{}, EvSecretMasked: TextPayload{},
	EvSecretRevealed: TextPayload{}, EvModelProgress: TextPayload{}, EvModelFailed: TextPayload{},
	EvToolOutput: TextPayload{}, EvDoneRefused: TextPayload{}, EvDoneAnswered: TextPayload{}, EvLimitReached: TextPayload{},
	EvBrowserStarted: TextPayload{}, EvBrowserNote: TextPayload{}, EvBrowserAuth: TextPayload{},
	EvBrowserTakeover: TextPayload{}, EvBrowserAuthed: TextPayload{}, EvBrowserCrashed: TextPayload{},
	EvBrowserAdapter: TextPayload{},

	EvRunStarted: RunStartedPayload{}, EvRunResumed: RunStartedPayload{},
	EvRunCompleted: RunEndPayload{}, EvRunInterrupted: RunEndPayload{}, EvRunFailed: RunEndPayload{},
	EvRunCancelled: RunEndPayload{},
	EvQueued:       QueueInstruction{}, EvPhaseChanged: PhaseChanged{},

	EvModelMessageSending: MessageSentPayload{}, EvModelMessageSent: MessageSentPayload{},
	EvModelMessageComplete: MessageCompletePayload{}, EvModelState: ModelStatePayload{},

	EvProtocolInvalid: ProtocolInvalidPayload{}, EvProtocolParsed: ParsedPayload{},

	EvToolProposed: ToolProposedPayload{}, EvToolPrepared: ToolProposedPayload{}, EvToolStarted: ToolProposedPayload{},
	EvPolicyDecided: PolicyPayload{}, EvApprovalRequired: PolicyPayload{}, EvApprovalResolved: PolicyPayload{},
	EvToolCompleted: ToolCompletedPayload{}, EvToolReused: ToolCompletedPayload{}, EvToolUnknown: ToolCompletedPayload{},
	EvProcessChanged: ProcessPayload{},

	EvConversationStart: ConversationPayload{}, EvConversationRoll: ConversationPayload{},
	EvConversationMode: ModeSelected{}, EvModeRequested: ModePayload{},

	EvCheckpoint: CheckpointPayload{}, EvUndoStarted: UndoPayload{}, EvUndoRestored: UndoPayload{},
	EvUndoCompleted: UndoPayload{}, EvUndoRefused: UndoPayload{},

	EvManualTakeover: TakeoverPayload{}, EvHandedBack: HandBackState{},
}

// persisted is every type whose JSON the log holds: the payloads, what
// readers decode them as, and the record itself.
func persisted() []any {
	out := []any{InstructionPayload{}, Record{}}
	for _, p := range payloads {
		if !slices.ContainsFunc(out, func(q any) bool { return reflect.TypeOf(q) == reflect.TypeOf(p) }) {
			out = append(out, p)
		}
	}
	return out
}

// TestEveryTypeHasAPayload fails on an event type declared in this
// package without a payload in the table above.
func TestEveryTypeHasAPayload(t *testing.T) {
	types := declaredTypes(t)
	if len(types) < 50 {
		t.Fatalf("found %d event types, want them all", len(types))
	}
	for _, typ := range types {
		if _, ok := payloads[typ]; !ok {
			t.Errorf("event type %s has no payload in the schema test's table", typ)
		}
	}
}

// declaredTypes are the values of the package's constants of type Type.
func declaredTypes(t *testing.T) []Type {
	t.Helper()
	var out []Type
	for _, f := range gosrctest.Files(t, ".", 0) {
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok || vs.Type == nil || fmt.Sprint(vs.Type) != "Type" {
				return true
			}
			for _, v := range vs.Values {
				s, err := strconv.Unquote(v.(*ast.BasicLit).Value)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, Type(s))
			}
			return true
		})
	}
	return out
}

// TestPayloadShapes pins the JSON of every persisted type, each field
// filled, to testdata/payloads/v<Version>: a field renamed, retagged,
// added or removed fails here until Version changes and the new version's
// shapes are recorded (go test -run TestPayloadShapes -update). The shapes
// of every earlier version must still decode.
func TestPayloadShapes(t *testing.T) {
	dir := filepath.Join("testdata", "payloads", fmt.Sprintf("v%d", Version))
	for _, p := range persisted() {
		typ := reflect.TypeOf(p)
		t.Run(typ.Name(), func(t *testing.T) {
			v := reflect.New(typ)
			fill(v.Elem(), new(int))
			got, err := EncodePayload(v.Interface())
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, typ.Name()+".json")
			if *update {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("no golden shape of %s for version %d: %v", typ.Name(), Version, err)
			}
			if !bytes.Equal(got, bytes.TrimSuffix(want, []byte("\n"))) {
				t.Errorf("the JSON of %s changed without a format version change (Version = %d):\n got %s\nwant %s",
					typ.Name(), Version, got, want)
			}
		})
	}
}

// TestEarlierShapesDecode decodes every recorded shape, of every version,
// into today's type: what a log once held must still be read.
func TestEarlierShapesDecode(t *testing.T) {
	byName := map[string]reflect.Type{}
	for _, p := range persisted() {
		byName[reflect.TypeOf(p).Name()] = reflect.TypeOf(p)
	}
	files, err := filepath.Glob(filepath.Join("testdata", "payloads", "v*", "*.json"))
	if err != nil || len(files) < len(byName) {
		t.Fatalf("%d golden shapes (%v), want at least %d", len(files), err, len(byName))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		typ, ok := byName[name]
		if !ok {
			t.Errorf("%s: no persisted type %s any more", f, name)
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v := reflect.New(typ)
		if err := Unmarshal(data, v.Interface()); err != nil {
			t.Errorf("%s: %v", f, err)
		}
		if v.Elem().IsZero() {
			t.Errorf("%s decoded to a zero %s", f, name)
		}
	}
}

// TestTagsExplicit fails on a field of a persisted type (or of a type it
// holds) without a JSON tag naming it: the log's names are written down,
// never derived from Go's.
func TestTagsExplicit(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type, string)
	walk = func(typ reflect.Type, path string) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || typ.PkgPath() != reflect.TypeOf(Record{}).PkgPath() || seen[typ] {
			return
		}
		seen[typ] = true
		for i := range typ.NumField() {
			f := typ.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" && !f.Anonymous {
				t.Errorf("%s.%s (in %s) has no JSON name", typ.Name(), f.Name, path)
			}
			walk(f.Type, path+"."+f.Name)
		}
	}
	for _, p := range persisted() {
		walk(reflect.TypeOf(p), reflect.TypeOf(p).Name())
	}
}

// fill sets every field of v to a value of its own (n counts them), so
// that no field is left out of the JSON as empty.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Type() {
	case reflect.TypeOf(time.Time{}):
		v.Set(reflect.ValueOf(time.Date(2025, 3, 1, 10, 15, *n, 0, time.UTC)))
		return
	case reflect.TypeOf(json.RawMessage(nil)):
		v.SetBytes(fmt.Appendf(nil, `{"k":%d}`, *n))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d <&>", *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		fill(v.Index(0), n)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	case reflect.Interface:
		// ToolCall.Args: in memory only (json:"-").
	default:
		panic("fill: no value for " + v.Type().String())
	}
}
