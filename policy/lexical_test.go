package policy

import "github.com/wtagent/wtagent/policy/classify"

// Classify classifies a call with the command table alone, its paths
// judged lexically (classify.LexicalJudge); the engine's Check judges
// them with the real project root, its symbolic links and the call's cwd.
func Classify(program string, argv []string) classify.Classification {
	return classify.Command(program, argv, classify.LexicalJudge{})
}

// classifyOn is Classify under the path rule of goos.
func classifyOn(goos string, words []string) classify.Classification {
	return classify.Command(words[0], words[1:], classify.LexicalJudge{GOOS: goos})
}
