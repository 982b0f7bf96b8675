package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/secrets"
)

// codeEffect is one thing inline code can do that needs the user: the
// markers that show it in the code's text, and what it does in words.
type codeEffect struct {
	risk    event.Risk
	what    string
	markers []string
}

// codeEffects lists, per language, what code must not do unasked: run
// other programs (what they do is not visible here), run code it builds
// at run time (what it does is not visible either), delete files, drop
// database data, send data over the network, print the whole
// environment. Reading files and printing are judged by the paths the
// code names (see judgeCode).
func codeEffects(lang string) []codeEffect {
	run := codeEffect{event.RiskDestructive, "runs other programs", nil}
	built := codeEffect{event.RiskDestructive, "runs code it builds at run time, which cannot be judged before it runs", nil}
	del := codeEffect{event.RiskDestructive, "deletes files", nil}
	send := codeEffect{event.RiskSensitive, "sends data over the network", nil}
	env := codeEffect{event.RiskSensitive, "prints the whole environment", nil}
	switch lang {
	case "python":
		run.markers = []string{"subprocess", "os.system", "os.popen", "os.exec", "os.spawn", "pty.spawn", "os.fork", "multiprocessing"}
		built.markers = []string{"exec(", "eval(", "compile(", "__import__", "importlib", "b64decode", "marshal.", "pickle.load", "codecs.decode", "ctypes"}
		del.markers = []string{"rmtree", "os.remove", "os.unlink", "os.rmdir", "removedirs", ".unlink(", ".rmdir(", "send2trash"}
		send.markers = []string{"requests.post", "requests.put", "requests.patch", "requests.delete", "httpx.post", "httpx.put",
			"httpx.delete", "method=\"POST\"", "method='POST'", "urlopen(", "smtplib", "socket.", "ftplib", "paramiko"}
		env.markers = []string{"print(os.environ)", "dict(os.environ", "os.environ.items", "os.environ.copy", "os.environ)", "os.environ.keys", "os.environ.values", "json.dumps(os.environ"}
	case "node":
		run.markers = []string{"child_process", "execSync", "spawnSync", "execFile", "Bun.spawn", "Bun.$", "Deno.Command", "Deno.run", "$`", "shelljs", "execa"}
		built.markers = []string{"eval(", "new Function", "Function(", "vm.run", "vm.Script", "require(process"}
		del.markers = []string{"rmSync", "unlinkSync", "rmdirSync", "fs.rm(", "fs.unlink(", "fs.rmdir(", "promises.rm", "rimraf", "Deno.remove", ".rm(", "unlink("}
		send.markers = []string{"method: 'POST'", "method: \"POST\"", "method:'POST'", "method:\"POST\"", "method: 'PUT'", "method: \"PUT\"",
			"method: 'DELETE'", "method: \"DELETE\"", "method: 'PATCH'", "axios.post", "axios.put", "axios.delete", "axios.patch",
			"http.request", "https.request", "net.connect", "net.createConnection", "dgram", "nodemailer"}
		env.markers = []string{"(process.env)", "(process.env,", "process.env)", "JSON.stringify(process.env", "Object.keys(process.env", "Object.entries(process.env",
			"Object.values(process.env", "...process.env", "Deno.env.toObject", "Bun.env)"}
	case "ruby":
		run.markers = []string{"system(", "system ", "`", "%x", "exec(", "exec ", "spawn(", "IO.popen", "Open3", "fork"}
		built.markers = []string{"eval(", "eval ", "instance_eval", "class_eval", "Base64", "send(", "public_send", "Marshal.load"}
		del.markers = []string{"FileUtils.rm", "File.delete", "File.unlink", "Dir.rmdir", "rm_rf", "rm_r", "FileUtils.remove"}
		send.markers = []string{"Net::HTTP.post", "Net::HTTP::Post", "Net::HTTP::Put", "Net::HTTP::Delete", "TCPSocket", "Net::SMTP", "RestClient.post", "HTTParty.post", "Faraday.post"}
		env.markers = []string{"ENV.to_h", "ENV.each", "ENV.to_a", "ENV.keys", "ENV.inspect", "p ENV", "puts ENV\n", "pp ENV"}
	case "perl":
		run.markers = []string{"system(", "system ", "`", "exec(", "exec ", "qx", "open(", "open ", "fork"}
		built.markers = []string{"eval", "decode_base64", "pack("}
		del.markers = []string{"unlink", "rmdir", "rmtree", "remove_tree"}
		send.markers = []string{"IO::Socket", "LWP", "HTTP::Tiny", "Net::SMTP", "->post"}
		env.markers = []string{"%ENV", "keys ENV", "each ENV"}
	case "php":
		run.markers = []string{"exec(", "shell_exec", "system(", "passthru", "popen", "proc_open", "`", "pcntl_"}
		built.markers = []string{"eval(", "assert(", "create_function", "base64_decode", "include", "require"}
		del.markers = []string{"unlink(", "rmdir(", "array_map('unlink'"}
		send.markers = []string{"curl_exec", "fsockopen", "stream_socket_client", "mail(", "file_get_contents('http", "file_get_contents(\"http"}
		env.markers = []string{"getenv()", "$_ENV", "$_SERVER", "phpinfo"}
	default:
		// Another language: any of the markers above.
		var all []codeEffect
		for _, l := range []string{"python", "node", "ruby", "perl", "php"} {
			all = append(all, codeEffects(l)...)
		}
		return all
	}
	return []codeEffect{run, built, del, send, env}
}

// codeLanguage maps an interpreter to its marker table.
func codeLanguage(program string) string {
	switch program {
	case "python", "pypy":
		return "python"
	case "node", "deno", "bun", "ts-node", "tsx":
		return "node"
	case "ruby", "perl", "php":
		return program
	}
	return ""
}

// judgeCode judges inline code (python -c, node -e, a here-document fed
// to an interpreter) by what it visibly does, the same whichever way it
// comes: the effects of codeEffects ask, with how it came in the reason;
// the strings that name paths are judged as arguments (open('.env')
// reads a credential file, open('/home/u/.ssh/id_rsa') a file outside);
// a database statement that drops or deletes data asks as the database
// client would. Code that does none of this (prints, parses, computes,
// reads project files) runs.
func (c *Classifier) judgeCode(program, how, code string) {
	lang := codeLanguage(program)
	seen := code
	for _, benign := range benignCode(lang) {
		seen = strings.ReplaceAll(seen, benign, "")
	}
	for _, e := range codeEffects(lang) {
		for _, m := range e.markers {
			if strings.Contains(seen, m) {
				what := e.what
				if c.secretEnv != "" && strings.Contains(what, "environment") {
					what += " with " + c.secretEnv
				}
				c.Add(e.risk, "the inline code ("+how+") "+what+" ("+strings.TrimSpace(m)+")", c.whole())
				break
			}
		}
	}
	if c.secretEnv != "" {
		for _, name := range envNames(code) {
			if secrets.LooksSecret(name, "") {
				c.Add(event.RiskSensitive, "the inline code ("+how+") reads "+name+", one of "+c.secretEnv, c.whole())
				break
			}
		}
	}
	if what := DestroysData(code); what != "" {
		c.Add(event.RiskDestructive, "the inline code ("+how+") "+what, c.whole())
	}
	for _, s := range quotedStrings(code) {
		if codePath(s) {
			c.judge.Arg(c, c.whole(), s)
			c.unheldPath(c.whole(), s, "no sandbox holds what the inline code ("+how+") may write to "+s+", outside the project")
		}
	}
}

// benignCode lists names that contain a marker but do none of it:
// ast.literal_eval evaluates literals only, re.compile compiles a regular
// expression.
func benignCode(lang string) []string {
	switch lang {
	case "python":
		return []string{"literal_eval(", "re.compile(", "regex.compile("}
	case "node":
		return []string{".exec(", "RegExp("}
	}
	return nil
}

// envNames returns the names of the environment variables code reads by
// name: process.env.NAME, process.env["NAME"], os.environ["NAME"],
// os.environ.get("NAME"), os.getenv("NAME"), ENV["NAME"], $ENV{NAME},
// getenv("NAME"), Deno.env.get("NAME").
func envNames(code string) []string {
	var out []string
	for _, prefix := range [...]string{"process.env.", "process.env[", "os.environ[", "os.environ.get(", "os.getenv(",
		"ENV[", "ENV.fetch(", "$ENV{", "getenv(", "Deno.env.get(", "Bun.env.", "import.meta.env."} {
		for rest := code; ; {
			k := strings.Index(rest, prefix)
			if k < 0 {
				break
			}
			rest = rest[k+len(prefix):]
			name := strings.TrimLeft(rest, `"'`+"`")
			end := strings.IndexFunc(name, func(r rune) bool {
				return r != '_' && (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') && (r < '0' || r > '9')
			})
			if end < 0 {
				end = len(name)
			}
			if end > 0 {
				out = append(out, name[:end])
			}
		}
	}
	return out
}

// quotedStrings returns the contents of the '…', "…" and `…` strings of
// code (without escapes: good enough to find paths).
func quotedStrings(code string) []string {
	var out []string
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		j := strings.IndexByte(code[i+1:], q)
		if j < 0 {
			break
		}
		out = append(out, code[i+1:i+1+j])
		i += j + 1
	}
	return out
}

// codePath reports a string in code that names a path worth judging:
// absolute, home, parent or a dot-file (.env), without spaces, newlines
// or a URL scheme.
func codePath(s string) bool {
	if s == "" || len(s) > 4096 || strings.ContainsAny(s, " \n\t{}$%") || strings.Contains(s, "://") {
		return false
	}
	return strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") || strings.HasPrefix(s, "../") || strings.HasPrefix(s, ".") && len(s) > 1 && s != ".."
}

// DestroysData says in words what a database statement or command in
// text destroys (DROP TABLE users → "drops the table users — every row is
// lost"), or "" when it destroys nothing.
func DestroysData(text string) string {
	up := strings.ToUpper(text)
	for _, d := range [...]struct{ stmt, what string }{
		{"DROP DATABASE", "drops the database %s — every table and row in it is lost"},
		{"DROP SCHEMA", "drops the schema %s — every table and row in it is lost"},
		{"DROP TABLE", "drops the table %s — every row is lost"},
		{"TRUNCATE", "empties the table %s — every row is lost"},
		{"DELETE FROM", "deletes rows from %s"},
		{"DROP OWNED", "drops everything %s owns"},
		{"FLUSHALL", "deletes every key in every Redis database%s"},
		{"FLUSHDB", "deletes every key in the Redis database%s"},
		{"DROPDATABASE(", "drops the MongoDB database%s — every document is lost"},
		{".DROP(", "drops a MongoDB collection%s — every document is lost"},
		{"DELETEMANY(", "deletes MongoDB documents%s"},
	} {
		k := strings.Index(up, d.stmt)
		if k < 0 {
			continue
		}
		name := ""
		if !strings.Contains(d.what, "%s —") || strings.HasPrefix(d.stmt, "DROP ") || d.stmt == "TRUNCATE" || d.stmt == "DELETE FROM" {
			name = sqlName(text[k+len(d.stmt):])
		}
		if d.stmt == "DELETE FROM" && strings.Contains(up[k:], " WHERE ") {
			return strings.Replace(d.what, "%s", name, 1) + " (those matching its WHERE clause)"
		}
		return strings.Replace(d.what, "%s", name, 1)
	}
	return ""
}

// sqlName is the object a statement names: the first word after the
// statement (and IF EXISTS, TABLE, ONLY), in backquotes.
func sqlName(rest string) string {
	words := strings.Fields(strings.NewReplacer(";", " ", "(", " ", ",", " ").Replace(rest))
	for len(words) > 0 {
		switch strings.ToUpper(words[0]) {
		case "IF", "EXISTS", "TABLE", "ONLY", "CASCADE", "RESTRICT":
			words = words[1:]
			continue
		}
		return "`" + strings.Trim(words[0], "`\"'[]()") + "`"
	}
	return "(unnamed)"
}
