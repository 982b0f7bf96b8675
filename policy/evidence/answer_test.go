package evidence

import (
	"reflect"
	"testing"
)

func TestAnswers(t *testing.T) {
	cases := []struct {
		msg  string
		want []Answer
	}{
		{"Added the test.\nNot applicable: run — the tests reproduce the reported bug, as asked.",
			[]Answer{{"run", "the tests reproduce the reported bug, as asked."}}},
		{"Not applicable: read of CONVENTIONS.md: the file is the one I just wrote.",
			[]Answer{{"read of CONVENTIONS.md", "the file is the one I just wrote."}}},
		{"不适用：修改 — 用户只要求解释。", []Answer{{"change", "用户只要求解释。"}}},
		{"- not applicable: a change, nothing needed changing", []Answer{{"change", "nothing needed changing"}}},
		{"Not applicable: run", nil},
		{"Not applicable: the moon — no reason", nil},
		{"The run is not applicable here.", nil},
	}
	for _, c := range cases {
		if got := Answers(c.msg); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Answers(%q) = %+v, want %+v", c.msg, got, c.want)
		}
	}
}
