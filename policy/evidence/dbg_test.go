package evidence

import (
	"fmt"
	"os"
	"testing"
)

func TestDbg(t *testing.T) {
	r := newReader()
	s := os.Getenv("REQ")
	_, masked, _ := findNames(s, r)
	rd := r.read(masked, s)
	for _, c := range rd.clauses {
		fmt.Printf("clause %q verbs %v answer %d-%d\n", masked[c.from:c.to], c.verbs, c.answerFrom, c.answer)
	}
	fmt.Printf("%+v\n", RequestNeeds(s))
	fmt.Println(r.seg.cut(s))
}
