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
	// question marks a question: English words that start one, Chinese
	// ones anywhere.
	question words
	// nounsZH are Chinese words that contain a table word but are not
	// requests (开发计划 is a plan, 写法 a way of writing, 大写 upper
	// case); with the tables they are the segmenter's lexicon (see
	// segmenter), with functionZH, the other words it must know.
	nounsZH, functionZH []string
	// fillersZH may precede the verb a Chinese file name was written
	// against ("请创建记录.txt" creates 记录.txt).
	fillersZH []string
	// determiners make the English word after them a noun: "the fix", "a
	// build step" ask for nothing.
	determiners []string
	// nounHeads make the English word before them a noun: "a build step",
	// "train and test sets".
	nounHeads []string
	// purpose are the words after which "to VERB" is still the request
	// ("I want you to fix", "we need to add"); after another word it
	// names a purpose ("a button to verify the schema").
	purpose []string
	// answer marks a sentence, from where it stands, that asks for an
	// answer and not a change: a question, a hypothetical, a request for
	// steps or a plan ("how would you", "can you tell me", 要不要, 怎么).
	// plan are those that ask for a plan: the sentences after one
	// describe the plan, until a sequence word (then, 然后) starts the
	// work.
	answer, plan, sequence words
	// whether are the answer words that, after a verb, are its object
	// ("验证能否启动", "check whether it builds"), not a question.
	whether words
	// polite starts a question that is a request ("can you run the
	// tests?", 能帮我修复吗).
	polite words
	// ensure asks to make something so: a change, and a verification
	// when it names a test, a build or a run; "make sure it works" (a
	// pronoun, then works) is a verification only.
	ensure, works, pronouns words
	// verifyNouns are a test or a build named as a thing: created,
	// changed or made to pass, they need a run ("add tests for the API").
	verifyNouns words
	// bug marks a pasted bug report or a wrong behaviour ("405 Method Not
	// Allowed", "which is wrong", 报错); spec a rule about the program's
	// behaviour ("it should be", "do not return … ever"). In a sentence
	// that is not a question they ask for a fix and its check.
	bug, spec words
	// whole are the phrases that name the project as a whole: a request
	// about it needs a read of it. answerRead are the nouns that put a
	// question in the project.
	whole, answerRead words
	// still marks a report that an earlier fix did not work ("still
	// broken", 还是没有): the fix is still owed, whatever else it asks.
	still words
	// reproduce asks for tests that show a bug: a failing run is their
	// evidence.
	reproduce words
	// planRead are the plans that need a read of the project (a plan for
	// how to …, 计划); a task list of what was said needs none.
	planRead words
	// retry asks to try a failed step again: its report is no bug report.
	retry words
	// source are the read words that name a source to follow: a verb
	// after them is not their object ("根据这个计划执行修改").
	source []string
	// approval asks to do what was discussed ("go ahead", 执行吧): a
	// change.
	approval words
	// review asks to look for faults and report them: the faults it
	// names are its object, not a bug report.
	review words
	// diagnose asks to find a fault: a read and a fix ("help me debug").
	diagnose words
	// imperative are the verbs that ask for a change only at the start of
	// a clause ("Use stdout if …", "make the chart centered").
	imperative, imperativeZH []string
	// alternatives are the directory names a word/word pair may be a path
	// of; other pairs are alternatives ("km/hr", "dark/light").
	dirs []string
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
				"make me", "build me", "build a", "build an", "develop", "translate", "improve", "optimise", "optimize", "clean up", "tidy", "tidy up", "include", "tie", "connect", "integrate",
				"wire up", "hook up", "reorder", "rearrange", "split", "merge", "extract", "support", "enable", "disable", "handle",
				"construct", "restructure", "rework", "simplify", "drop", "port", "revert", "expose", "adjust", "tweak", "adapt",
				"deduplicate", "i want a", "i want an", "i need a", "i need an", "we need a", "we need an"},
			zh: []string{"创建", "新建", "写入", "编写", "写", "添加", "增加", "加上", "加个", "修改", "更改", "改成", "改为", "改动", "改一下",
				"修复", "修正", "重命名", "改名", "删除", "删掉", "移除", "去掉", "安装", "卸载", "重构", "实现", "更新", "升级", "替换",
				"生成", "迁移", "格式化", "保存", "搭建", "开发", "优化", "改进", "补全", "完善", "改", "加", "做", "调整", "设置",
				"配置", "集成", "接入", "支持", "拆分", "合并", "提取", "封装", "重写", "编辑", "引入", "换成", "加入", "补充",
				"去除", "清理", "整理", "翻译", "转换", "移动", "复制", "初始化", "解决", "修", "写个", "弄", "搞", "对接", "适配",
				"处理", "完成", "删", "获取", "取消", "移到", "调成", "执行修改", "对调", "调换", "交换", "上传", "推送", "提交"},
		},
		read: words{
			en: []string{"read", "reading", "print the contents", "show me the contents"},
			zh: []string{"读取", "读一下", "读读", "阅读", "读", "梳理"},
		},
		readWeak: words{
			en: []string{"show", "summarise", "summarize", "summary of", "explain", "describe", "look at", "look into", "inspect",
				"review", "what does", "what's in", "what is in", "how does", "walk me through", "tell me about", "analyse",
				"analyze", "list", "go through", "understand", "open", "tell me what", "according to", "based on", "refer to"},
			zh: []string{"查看", "看一下", "看看", "看下", "解释", "总结", "说明", "介绍", "分析", "讲解", "讲讲", "描述", "列出", "打开", "检查一下", "根据", "参考", "参照", "结合", "按照",
				"是做什么", "是干什么", "做什么", "干什么", "里有什么", "有什么", "是什么", "解读", "概括"},
		},
		project: words{
			en: []string{"code", "codebase", "project", "repo", "repository", "file", "files", "folder", "directory", "function",
				"method", "class", "module", "package", "script", "program", "app", "readme"},
			zh: []string{"代码", "项目", "仓库", "文件", "目录", "函数", "方法", "模块", "脚本", "程序"},
		},
		verify: words{
			en: []string{"test", "tests", "tested", "build", "builds", "compile", "compiles", "compiling", "verify",
				"verified", "verification", "lint", "linting", "check that", "check whether", "check if",
				"check it", "check them", "run", "launch", "deploy"},
			zh: []string{"单元测试", "测试", "构建", "编译", "运行", "跑一下", "跑测试", "跑", "执行", "验证", "检查", "确认", "部署",
				"上线", "启动"},
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
			en: []string{"what", "what's", "whats", "why", "how", "where", "which", "who", "is", "are", "does", "did", "can i",
				"could i", "should i", "should we", "would it", "will it", "am i", "do you", "do i", "do we", "was", "were"},
			zh: []string{"吗", "什么", "怎么", "为什么", "哪", "如何", "是否", "多少", "呢"},
		},
		nounsZH: []string{"写法", "大写", "小写", "缩写", "描写", "书写", "编写的", "跑题", "读者", "未来", "不同", "没有问题",
			"开发计划", "开发环境", "开发者", "开发模式", "开发文档", "开发流程", "开发进度", "开发规范", "测试用例", "测试文件",
			"测试代码", "测试环境", "测试数据", "测试报告", "测试结果", "测试覆盖率", "构建步骤", "构建产物", "构建脚本", "构建工具",
			"构建系统", "构建结果", "运行时", "运行环境", "运行结果", "执行计划", "执行结果", "实现方案", "实现思路", "实现方式",
			"实现细节", "实现原理", "修改记录", "修改意见", "修改建议", "优化建议", "更新日志", "安装包", "安装步骤", "安装说明",
			"安装文档", "生成器", "配置文件", "配置项", "设置项", "处理逻辑", "改变", "做法", "加载", "加密", "支持者", "完成度",
			"修饰", "修养", "读音", "搞笑", "弄清", "没用", "测试通过", "构建成功", "编译通过", "审查", "审核", "这个计划", "该计划",
			"此计划", "计划的"},
		functionZH: []string{"一下", "一个", "这个", "那个", "这些", "然后", "之后", "接着", "帮我", "请你", "给我", "我们",
			"你们", "可以", "能不能", "可不可以", "是不是", "有没有", "要不要", "该不该", "为什么", "怎么样", "怎样", "什么", "问题",
			"功能", "已经", "现在", "的话", "如果", "假如", "是否", "能否", "应该", "必须", "类似", "类型", "这类", "那类", "之类", "一类", "这种"},
		fillersZH: []string{"请你", "请", "帮我", "帮忙", "麻烦", "给我", "你", "把", "将", "一下", "一个"},
		determiners: []string{"a", "an", "the", "this", "that", "these", "those", "my", "your", "our", "their", "its", "his",
			"her", "each", "every", "any", "some", "another", "no", "e2e", "unit", "new", "first", "last", "next", "whole"},
		nounHeads: []string{"step", "steps", "set", "sets", "data", "database", "case", "cases", "suite", "suites", "file",
			"files", "results", "result", "standards", "coverage", "environment", "server", "script", "system", "process",
			"tool", "tools", "output", "log", "logs", "time", "mode", "pipeline", "status", "report", "framework", "runner",
			"command", "commands", "folder", "directory", "dir", "target", "config", "configuration", "artifacts", "errors",
			"error", "request", "requests", "history", "notes", "plan", "flag", "flags", "option", "handling", "handler", "handlers",
			"boundary", "codes", "types", "middleware"},
		purpose: []string{"you", "me", "us", "want", "wants", "need", "needs", "like", "have", "has", "going", "is", "are",
			"was", "try", "able", "please", "ask", "asked", "help", "time", "how", "forget", "remember"},
		answer: words{
			en: []string{"how would", "how do", "how does", "how did", "how can", "how could", "how should", "how to",
				"what would", "what should", "what if", "tell me", "show me how", "explain how", "explain why", "the steps you",
				"steps you", "what steps", "a plan", "the plan for", "a task list", "task list", "a todo list", "a roadmap",
				"is it possible", "do you think", "should i", "should we", "any idea", "any ideas", "pros and cons",
				"difference between", "your opinion", "suggest", "recommend", "would it be", "how will you", "how you will",
				"give me feedback", "your feedback",
				"how you would"},
			zh: []string{"怎么", "怎样", "怎么样", "如何", "为什么", "为啥", "要不要", "是否", "是不是", "该不该", "有没有", "能否",
				"什么", "哪", "哪里", "哪个", "告诉我", "步骤", "方案", "思路", "建议", "区别", "原理", "吗", "哪些", "计划", "修复计划", "修改计划",
				"实现计划"},
		},
		plan: words{
			en: []string{"a plan", "the plan for", "a task list", "task list", "a todo list", "a roadmap", "steps you",
				"what steps"},
			zh: []string{"步骤", "思路", "计划", "修复计划", "修改计划", "实现计划"},
		},
		sequence: words{
			en: []string{"then", "after that", "afterwards", "once done", "now"},
			zh: []string{"然后", "之后", "接着"},
		},
		whether: words{en: []string{"whether", "if"}, zh: []string{"是否", "能否", "是不是", "有没有", "会不会", "可否"}},
		polite: words{
			en: []string{"can you", "could you", "would you", "will you", "please", "can u", "pls", "could u", "would u"},
			zh: []string{"帮我", "请", "麻烦", "能帮", "帮忙", "请你", "给我", "把"},
		},
		ensure: words{en: []string{"ensure", "make sure"}, zh: []string{"确保"}},
		works: words{
			en: []string{"works", "work", "passes", "pass", "compiles", "runs", "builds", "is green", "succeeds"},
			zh: []string{"能跑", "通过", "正常", "能用", "可用"},
		},
		pronouns: words{en: []string{"it", "this", "that", "everything", "they"}, zh: []string{"它", "这", "都"}},
		verifyNouns: words{
			en: []string{"tests", "test suite", "testsuite", "test cases", "test case", "unit test", "unit tests", "specs", "build"},
			zh: []string{"测试", "单元测试", "测试用例", "测试代码", "测试文件", "构建", "编译"},
		},
		bug: words{
			en: []string{"error", "errors", "exception", "traceback", "failed", "failing", "fails", "failure", "crash",
				"crashes", "crashed", "broken", "wrong", "not working", "doesn't work", "does not work", "unable to", "can't", "cannot", "bug",
				"issue", "issues", "problem", "instead of", "but got", "i get", "i'm getting", "i am getting", "i got",
				"not allowed", "not found", "undefined", "panic", "segfault", "stack trace", "cant", "nothing changed",
				"not displaying", "not showing", "debug", "debugging", "diagnose", "troubleshoot", "do not return", "don't return",
				"never return", "not exported", "cannot find", "is not defined", "unexpected token", "failed to compile",
				"not a function"},
			zh: []string{"报错", "错误", "出错", "异常", "失败", "崩溃", "不工作", "不能用", "用不了", "无法", "有问题", "不对",
				"不正确", "bug", "Bug", "BUG", "还是没有", "没有出现", "显示不全", "没有反应", "没反应", "没有办法", "不能动", "没有了",
				"不显示", "不生效", "怎么回事", "排查", "调试"},
		},
		spec: words{
			en: []string{"should", "shouldn't", "must", "must not", "never"},
			zh: []string{"应该", "必须", "不应该", "不要有", "要回到", "要和", "要弄成", "要改成", "要做成", "要跟"},
		},
		whole: words{
			en: []string{"this project", "the project", "our project", "my project", "this repo", "the repo", "this repository",
				"the repository", "the codebase", "this codebase", "our codebase", "my code", "the code", "our code", "this code",
				"the current state", "this app", "my app", "the whole", "what i have", "what i currently have", "the current",
				"commits", "last commit", "git log", "the diff", "already exists", "existing", "commited changes", "committed changes", "up to date with",
				"in sync with", "consistent with", "all of the text", "the original text"},
			zh: []string{"仓库", "代码库", "整个项目", "项目结构", "代码结构", "现有代码", "我们的系统"},
		},
		still: words{
			en: []string{"still", "nothing changed", "again", "no change"},
			zh: []string{"还是", "仍然", "依然", "依旧", "还没", "还是没有"},
		},
		diagnose: words{
			en: []string{"debug", "debugging", "diagnose", "troubleshoot", "investigate", "figure out"},
			zh: []string{"排查", "调试", "看下是", "怎么回事"},
		},
		imperative:   []string{"use", "make", "set", "turn", "let's make", "lets make"},
		imperativeZH: []string{"用", "改用", "换用", "使用"},
		dirs: []string{"src", "lib", "app", "cmd", "pkg", "internal", "test", "tests", "docs", "doc", "bin", "build", "dist",
			"scripts", "config", "public", "static", "assets", "components", "pages", "api", "web", "frontend", "backend",
			"server", "client", "node_modules", "vendor", "data"},
		planRead: words{en: []string{"a plan", "the plan for", "a roadmap", "steps you", "what steps"},
			zh: []string{"计划", "步骤", "思路", "修复计划", "修改计划", "实现计划"}},
		retry:  words{en: []string{"try again", "again", "retry"}, zh: []string{"再试", "重试", "再来"}},
		source: []string{"根据", "参考", "参照", "结合", "按照", "according to", "based on", "refer to"},
		reproduce: words{
			en: []string{"reproduce", "reproduces", "reproducing", "failing test", "failing tests", "regression test"},
			zh: []string{"复现", "重现"},
		},
		approval: words{
			en: []string{"go ahead", "do it", "proceed", "make it so", "implement it", "yes please do", "apply it", "apply the plan"},
			zh: []string{"执行吧", "开始吧", "开始执行", "照做", "就这么做", "按这个计划执行", "按计划执行", "开始按这个计划执行"},
		},
		review: words{
			en: []string{"review", "audit", "check for", "look for problems", "code review"},
			zh: []string{"检查一下", "审查", "审核", "代码审查", "检查"},
		},
		answerRead: words{
			en: []string{"code", "codebase", "project", "repo", "repository", "function", "functions", "method", "class",
				"module", "package", "app", "readme", "api", "endpoint", "backend", "frontend"},
			zh: []string{"代码", "仓库", "函数", "方法", "模块", "类", "接口", "文件", "目录", "组件", "当前项目", "当前的项目",
				"我的项目", "这个模型", "数据集", "测试"},
		},
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
	// advice are the changed verbs that, first in a sentence, give a step
	// to take ("Add the flag in main.go"), not a claim.
	advice words
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
			en: []string{"not", "n't", "no", "nothing", "never", "unable", "cannot", "could not", "if", "once", "should", "would", "will",
				"to check", "to verify", "you can", "you may", "please run", "try", "recommend", "suggest", "next step", "failed",
				"fails", "failing"},
			zh: []string{"未", "没", "不", "无法", "如果", "若", "可以运行", "请运行", "建议", "失败"},
		},
		advice: words{en: []string{"create", "write", "add", "change", "update", "modify", "edit", "delete", "remove"}},
		fillers: words{
			en: []string{"the", "a", "an", "new", "file", "files", "in", "to", "and", "both", "script", "page", "config"},
			zh: []string{"了", "文件", "新", "的", "和", "与", "及", "、", "并"},
		},
	}
}
