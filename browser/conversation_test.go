package browser

import "testing"

func strp(s string) *string { return &s }

func TestFindTurn(t *testing.T) {
	doc := convDoc{Status: 200, Chain: []convNode{
		{ID: "sys", Role: "system", ContentType: "text", Parts: []*string{strp("")}},
		{ID: "u1", Role: "user", ContentType: "text", Parts: []*string{strp("first")}},
		{ID: "a1", Role: "assistant", ContentType: "text", Parts: []*string{strp("reply one")}, Status: "finished_successfully", EndTurn: true, Recipient: "all"},
		{ID: "u2", Role: "user", ContentType: "text", Parts: []*string{strp("second")}},
		{ID: "t2", Role: "assistant", ContentType: "thoughts", Status: "finished_successfully", Recipient: "all"},
		{ID: "w2", Role: "assistant", ContentType: "code", Recipient: "web.run", Text: strp("{}")},
		{ID: "a2", Role: "assistant", ContentType: "text", Parts: []*string{strp("part")}, Status: "in_progress", Recipient: "all"},
	}}
	for _, tc := range []struct {
		name, user, hash, prev string
		found                  bool
		reply                  string
		finished               bool
	}{
		{"by id, finished", "u1", "", "", true, "reply one", true},
		{"by hash", "", textHash("first"), "", true, "reply one", true},
		{"stale reply", "u1", "", "a1", true, "", false},
		{"in progress, side messages ignored", "u2", "", "", true, "part", false},
		{"missing", "nope", textHash("never"), "", false, "", false},
	} {
		turn := doc.findTurn(tc.user, tc.hash, tc.prev)
		reply := ""
		if turn.Reply != nil {
			reply = turn.Reply.text()
		}
		if turn.UserFound != tc.found || reply != tc.reply || turn.Finished != tc.finished {
			t.Errorf("%s: %+v reply %q", tc.name, turn, reply)
		}
	}
	doc.Chain[6].Status, doc.Chain[6].EndTurn = "finished_successfully", true
	if turn := doc.findTurn("u2", "", ""); !turn.Finished || turn.Reply.ID != "a2" {
		t.Errorf("finished: %+v", turn)
	}
}
