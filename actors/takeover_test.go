package actors

import "testing"

// TestTakeoverStep: the manual takeover's state machine, every state with
// every input: a request waits for a safe point, a handback before it
// withdraws the request and after it reads the page, the page read ends
// the takeover; an input that does not apply changes nothing.
func TestTakeoverStep(t *testing.T) {
	type to struct {
		next takeover
		ok   bool
	}
	stay := func(s takeover) to { return to{s, false} }
	cases := []struct {
		name  string
		from  takeover
		moves map[takeoverInput]to
	}{
		{"none", takeoverNone, map[takeoverInput]to{
			takeoverAsked: {takeoverRequested, true}, takeoverSafePoint: stay(takeoverNone),
			takeoverHandedBack: stay(takeoverNone), takeoverPageRead: stay(takeoverNone)}},
		{"requested", takeoverRequested, map[takeoverInput]to{
			takeoverAsked: stay(takeoverRequested), takeoverSafePoint: {takeoverActive, true},
			takeoverHandedBack: {takeoverNone, true}, takeoverPageRead: stay(takeoverRequested)}},
		{"active", takeoverActive, map[takeoverInput]to{
			takeoverAsked: stay(takeoverActive), takeoverSafePoint: stay(takeoverActive),
			takeoverHandedBack: {takeoverReading, true}, takeoverPageRead: stay(takeoverActive)}},
		{"reading", takeoverReading, map[takeoverInput]to{
			takeoverAsked: stay(takeoverReading), takeoverSafePoint: stay(takeoverReading),
			takeoverHandedBack: stay(takeoverReading), takeoverPageRead: {takeoverNone, true}}},
	}
	inputs := []takeoverInput{takeoverAsked, takeoverSafePoint, takeoverHandedBack, takeoverPageRead}
	for _, c := range cases {
		for _, in := range inputs {
			want := c.moves[in]
			if next, ok := c.from.step(in); next != want.next || ok != want.ok {
				t.Errorf("%s, input %d: step = %d, %v; want %d, %v", c.name, in, next, ok, want.next, want.ok)
			}
		}
	}
}
