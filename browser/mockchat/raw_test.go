package mockchat

import "testing"

// TestEndTurnRE: the end of the answer is found in the forms it comes in
// (keys in the page's order or sorted, inside a WebSocket item's JSON
// string), and never in an end_turn false.
func TestEndTurnRE(t *testing.T) {
	for _, tc := range []struct {
		ev   string
		want bool
	}{
		{`{"p":"/message/end_turn","o":"replace","v":true}`, true},
		{`{"o":"replace","p":"/message/end_turn","v":true}`, true},
		{`"encoded_item":"{\"p\":\"/message/end_turn\",\"o\":\"replace\",\"v\":true}"`, true},
		{`"encoded_item":"{\"o\":\"replace\",\"p\":\"/message/end_turn\",\"v\":true}"`, true},
		{`{"p":"/message/end_turn","o":"replace","v":false}`, false},
		{`{"p":"/message/status","o":"replace","v":true}`, false},
	} {
		if got := endTurnRE.MatchString(tc.ev); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.ev, got, tc.want)
		}
	}
}
