package evidence

// The done gate's word tables, in one place: what a request asks for (see
// RequestNeeds) and what a done message claims (see DoneClaims), in English
// and Chinese. English entries are words or phrases matched without regard
// to case at word boundaries; Chinese entries are matched as substrings,
// longest first. A word inside a file name, a path or a quoted string is
// never a request.

// words is one table: its English and its Chinese entries.
type words struct {
	en, zh []string
}

// requestTables are the tables RequestNeeds reads.
type requestTables struct {
	// change asks to change the project: a successful side-effecting call
	// is needed.
	change words
	// read asks to read something; readWeak asks to read or explain
	// something only when the request names a file or the project (see
	// project): "explain recursion" is a plain question.
	read, readWeak words
	// project are the nouns that put a request in the project.
	project words
	// verify asks to build, test, run or verify: such evidence is needed
	// after the last change.
	verify words
	// run are the verify words that only ask to run something: with a
	// setup word after them in the clause ("run npm install", "运行 npm
	// install") they ask for a change, not for a verification.
	run, setup words
	// runNoun are the words after which "run" is a noun ("a dry run",
	// "record one run"), not a request.
	runNoun []string
	// negation before a word cancels it ("don't change anything"), unless
	// it is one of notNegation ("don't forget to run the tests"); a
	// negation reaches back over negationReach words (English) or runes
	// (Chinese) and stops at a breaker ("and", "只").
	negation, notNegation, breaker words
	// question marks a question (English: its first word).
	question words
	// exceptZH are Chinese compounds that contain a table word but are not
	// requests (写法 is a way of writing, 大写 upper case).
	exceptZH []string
	// fillersZH may precede the verb a Chinese file name was written
	// against ("请创建记录.txt" creates 记录.txt).
	fillersZH []string
}

// negationReach is how far back a negation reaches: words in English,
// runes in Chinese.
const (
	negationReachEN = 4
	negationReachZH = 8
)

func requestWords() requestTables {
	return requestTables{
		change: words{
			en: []string{"create", "creating", "write", "writing", "rewrite", "add", "adding", "append", "insert", "edit", "editing",
				"fix", "fixing", "repair", "rename", "renaming", "delete", "deleting", "remove", "removing", "install", "installing",
				"uninstall", "refactor", "refactoring", "update", "updating", "upgrade", "bump", "implement", "implementing", "change",
				"changing", "modify", "modifying", "replace", "generate", "scaffold", "set up", "setup", "configure", "convert",
				"migrate", "move", "copy", "patch", "format", "initialise", "initialize", "save", "put", "make a", "make an",
				"make me", "build me", "build a", "build an", "develop", "translate", "improve", "optimise", "optimize", "clean up"},
			zh: []string{"创建", "新建", "写入", "编写", "写", "添加", "增加", "加上", "加个", "修改", "更改", "改成", "改为", "改动", "改一下",
				"修复", "修正", "重命名", "改名", "删除", "删掉", "移除", "去掉", "安装", "卸载", "重构", "实现", "更新", "升级", "替换",
				"生成", "迁移", "格式化", "保存", "搭建", "开发", "优化", "改进", "补全", "完善"},
		},
		read: words{
			en: []string{"read", "reading", "print the contents", "show me the contents"},
			zh: []string{"读取", "读一下", "读读", "阅读", "打开", "读"},
		},
		readWeak: words{
			en: []string{"show", "summarise", "summarize", "summary of", "explain", "describe", "look at", "look into", "inspect",
				"review", "what does", "what's in", "what is in", "how does", "walk me through", "tell me about", "analyse",
				"analyze", "list", "go through", "understand", "open", "tell me what"},
			zh: []string{"查看", "看一下", "看看", "看下", "解释", "总结", "说明", "介绍", "分析", "讲解", "讲讲", "描述", "列出", "显示",
				"是做什么", "是干什么", "做什么", "干什么", "里有什么", "有什么", "是什么", "解读", "概括"},
		},
		project: words{
			en: []string{"code", "codebase", "project", "repo", "repository", "file", "files", "folder", "directory", "function",
				"method", "class", "module", "package", "script", "program", "app", "this", "these", "here", "readme"},
			zh: []string{"代码", "项目", "仓库", "文件", "目录", "函数", "方法", "模块", "脚本", "程序", "这个", "这段", "这里", "此"},
		},
		verify: words{
			en: []string{"test", "tests", "testing", "tested", "build", "builds", "compile", "compiles", "compiling", "verify",
				"verified", "verification", "lint", "linting", "check that", "check whether", "check if", "make sure", "ensure",
				"check it", "check them", "run"},
			zh: []string{"单元测试", "测试", "构建", "编译", "运行", "跑一下", "跑测试", "跑", "执行", "验证", "检查", "确认", "确保"},
		},
		run: words{
			en: []string{"run"},
			zh: []string{"运行", "执行", "跑一下", "跑"},
		},
		setup: words{
			en: []string{"install", "i", "add", "init", "tidy", "download", "upgrade", "update"},
			zh: []string{"install", "add", "init", "tidy", "安装", "初始化", "下载", "升级", "更新"},
		},
		runNoun: []string{"a", "the", "one", "each", "every", "dry", "long", "test", "first", "last", "next", "this", "that",
			"whole", "trial", "per", "ci", "previous", "interrupted", "resumed"},
		negation: words{
			en: []string{"don't", "dont", "do not", "does not", "doesn't", "never", "without", "no need to", "not", "avoid",
				"nothing to", "no"},
			zh: []string{"不要", "不用", "不需要", "无需", "不必", "别", "勿", "禁止", "不", "没", "未"},
		},
		notNegation: words{
			en: []string{"don't forget", "do not forget", "dont forget", "not only", "never forget"},
			zh: []string{"不要忘", "别忘", "不忘", "不仅", "不但"},
		},
		breaker: words{
			en: []string{"and", "then", "but", "just", "only", "instead", "rather"},
			zh: []string{"而", "但", "只", "然后", "并", "再", "就"},
		},
		question: words{
			en: []string{"what", "what's", "why", "how", "where", "which", "who", "when", "is", "are", "does"},
			zh: []string{"吗", "什么", "怎么", "为什么", "哪", "如何", "是否", "多少", "呢"},
		},
		exceptZH:  []string{"写法", "大写", "小写", "缩写", "描写", "书写", "编写的", "跑题", "运行时", "读者", "未来", "不同", "没有问题"},
		fillersZH: []string{"请你", "请", "帮我", "帮忙", "麻烦", "给我", "你", "把", "将", "一下", "一个"},
	}
}

// claimTables are the tables DoneClaims reads.
type claimTables struct {
	// changed are the verbs with which a message says it changed a file.
	changed words
	// pass are the words with which it says a command passed; test and
	// build name what passed when no command is quoted (not "test" alone:
	// "test -f x.txt passed" names a command, not the tests).
	pass, test, build words
	// verifiedLabel introduces the verification ("Verified: npm test").
	verifiedLabel words
	// hedge makes a sentence no claim: a negation, a condition, advice.
	hedge words
	// fillers may stand between a verb and the files it names.
	fillers words
}

func claimWords() claimTables {
	return claimTables{
		changed: words{
			en: []string{"created", "wrote", "written", "added", "changed", "updated", "modified", "edited", "fixed", "renamed",
				"deleted", "removed", "replaced", "moved", "generated", "appended", "refactored", "rewrote", "rewritten",
				"saved", "implemented in", "create", "write", "add", "change", "update", "modify", "edit", "delete", "remove"},
			zh: []string{"创建了", "创建", "新建了", "新建", "写入了", "写入", "写了", "编写了", "添加了", "添加", "修改了", "修改",
				"更新了", "更新", "修复了", "修复", "重命名了", "重命名", "删除了", "删除", "移除了", "移除", "替换了", "生成了", "生成",
				"保存了", "改动了"},
		},
		pass: words{
			en: []string{"pass", "passes", "passed", "passing", "succeeded", "succeeds", "successful", "successfully", "green",
				"ok", "cleanly", "without errors", "no failures", "all good"},
			zh: []string{"通过", "成功", "全绿", "没有错误", "无错误", "正常"},
		},
		test:  words{en: []string{"tests", "test suite", "unit tests", "specs"}, zh: []string{"测试", "单元测试", "用例"}},
		build: words{en: []string{"build", "builds", "built", "compiles", "compiled", "compilation"}, zh: []string{"构建", "编译"}},
		verifiedLabel: words{
			en: []string{"verified:", "verification:", "verified with", "verified by", "checked with", "tested with"},
			zh: []string{"验证：", "验证:", "已验证：", "已验证:", "验证方式：", "验证命令："},
		},
		hedge: words{
			en: []string{"not", "n't", "no", "never", "unable", "cannot", "could not", "if", "once", "should", "would", "will",
				"to check", "to verify", "you can", "you may", "please run", "try", "recommend", "suggest", "next step", "failed",
				"fails", "failing"},
			zh: []string{"未", "没", "不", "无法", "如果", "若", "可以运行", "请运行", "建议", "失败"},
		},
		fillers: words{
			en: []string{"the", "a", "an", "new", "file", "files", "in", "to", "and", "both", "script", "page", "config"},
			zh: []string{"了", "文件", "新", "的", "和", "与", "及", "、", "并"},
		},
	}
}
