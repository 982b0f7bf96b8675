package classify

// Classify classifies a terminal.exec or process.start call by the
// program's basename (through wrappers such as env, sudo, nice, timeout,
// xargs and npx; through absolute and ./ forms) and its argv, with the
// built-in command table (see commandHandler), judging its paths with the
// LexicalJudge.
func Classify(program string, argv []string) Classification {
	return Command(program, argv, LexicalJudge{})
}
