package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// This file knows what destroys data a checkpoint cannot bring back:
// database resets and drops (Supabase, Prisma, Rails, Django, database
// clients), and what reaches a database on another machine.

// classifySupabase: db reset wipes the local database (it runs in
// containers, outside the sandbox) or, with --linked or --db-url, the
// remote one; db push and deploys change the remote project.
func classifySupabase(c *Classifier, at int, _ bool) {
	i := c.operand(at+1, "--workdir", "--project-ref", "--db-url", "-o", "--output")
	area := c.word(i)
	action := c.word(c.operand(i+1, "--workdir", "--project-ref", "--db-url", "--password", "-p"))
	_, linked := c.hasOption(at+1, "--linked", "--db-url", "--project-ref")
	where := "the local Supabase database"
	if linked {
		where = "the linked remote Supabase database"
	}
	switch {
	case area == "db" && action == "reset":
		c.Add(event.RiskDestructive, "supabase db reset resets "+where+" — every row is lost", c.whole())
	case area == "stop" && c.hasLong(i+1, "--no-backup"):
		c.Add(event.RiskDestructive, "supabase stop --no-backup deletes the local Supabase database — every row is lost", c.whole())
	case area == "db" && (action == "push" || action == "execute" || action == "query"),
		area == "migration" && (action == "repair" || action == "up" || action == "down") && linked:
		c.Add(event.RiskExternal, "supabase "+area+" "+action+" changes the linked remote Supabase database", c.whole())
	case action == "deploy" || action == "delete" || action == "set" || action == "unset" || area == "link" || area == "storage" && (action == "rm" || action == "cp" || action == "mv"):
		c.Add(event.RiskExternal, "supabase "+area+" "+action+" changes the remote Supabase project", c.whole())
	}
}

// classifyPrisma: migrate reset and db push --force-reset drop the
// database in DATABASE_URL; --accept-data-loss lets a push drop columns
// and tables; db execute runs SQL against it.
func classifyPrisma(c *Classifier, at int, _ bool) {
	i := c.operand(at+1, "--schema")
	area, action := c.word(i), c.word(c.operand(i+1, "--schema"))
	_, forceReset := c.hasOption(i, "--force-reset")
	_, dataLoss := c.hasOption(i, "--accept-data-loss")
	switch {
	case area == "migrate" && action == "reset":
		c.Add(event.RiskDestructive, "prisma migrate reset drops the database in DATABASE_URL and re-applies the migrations — every row is lost", c.whole())
	case area == "db" && action == "push" && forceReset:
		c.Add(event.RiskDestructive, "prisma db push --force-reset resets the database in DATABASE_URL — every row is lost", c.whole())
	case dataLoss:
		c.Add(event.RiskDestructive, "prisma "+area+" "+action+" --accept-data-loss can drop tables and columns in the database in DATABASE_URL", c.whole())
	case area == "db" && action == "execute":
		c.Add(event.RiskDestructive, "prisma db execute runs SQL against the database in DATABASE_URL", c.whole())
	}
}

// railsDestroys lists Rails' database tasks that drop or empty the
// database.
func railsDestroys(task string) string {
	switch strings.TrimPrefix(task, "app:") {
	case "db:drop", "db:drop:all":
		return "drops the database — every table and row is lost"
	case "db:reset", "db:migrate:reset", "db:purge", "db:purge:all", "db:schema:load", "db:structure:load", "db:setup":
		return "drops and recreates the database — every row is lost"
	case "db:truncate_all", "db:seed:replant":
		return "empties every table — every row is lost"
	case "db:rollback":
		return "rolls back a migration, which can drop tables and columns"
	}
	return ""
}

// classifyRails flags the database tasks of rails and rake that destroy
// data (rails db:reset), in the environment RAILS_ENV names.
func classifyRails(c *Classifier, at int, _ bool) {
	for i := at + 1; i < len(c.Words); i++ {
		if what := railsDestroys(c.Words[i]); what != "" {
			c.Add(event.RiskDestructive, ProgramName(c.Words[at])+" "+c.Words[i]+" "+what, c.whole())
			return
		}
	}
	if ProgramName(c.Words[at]) == "rake" {
		classifyTaskRunner(c, at, false)
	}
}

// djangoDestroys lists manage.py commands that empty or drop the
// database.
func djangoDestroys(cmd, next string) string {
	switch cmd {
	case "flush":
		return "deletes every row from every table of the database"
	case "reset_db", "reset_schema", "drop_test_database":
		return "drops and recreates the database — every row is lost"
	case "migrate":
		if next == "zero" {
			return "unapplies every migration — the app's tables are dropped"
		}
	}
	return ""
}

// classifyDjangoManage flags manage.py (and django-admin) commands that
// destroy data; at is the index of manage.py or django-admin.
func (c *Classifier) classifyDjangoManage(at int) {
	i := c.operand(at+1, "--settings", "--pythonpath", "--database")
	cmd := c.word(i)
	if what := djangoDestroys(cmd, c.word(c.operand(i+2))); what != "" {
		c.Add(event.RiskDestructive, "manage.py "+cmd+" "+what, c.whole())
	}
}

// dbClient says how a database client takes statements and a host.
type dbClient struct {
	// sql lists options whose value is a statement (psql -c, mysql -e).
	sql []string
	// host lists options whose value is the server's host.
	host []string
	// args is true when the operands are the statement (redis-cli
	// FLUSHALL, sqlite3 app.db "DROP TABLE x").
	args bool
}

func dbClientOf(name string) (dbClient, bool) {
	switch name {
	case "psql":
		return dbClient{sql: []string{"-c", "--command"}, host: []string{"-h", "--host", "-d", "--dbname"}}, true
	case "mysql", "mariadb":
		return dbClient{sql: []string{"-e", "--execute"}, host: []string{"-h", "--host"}}, true
	case "sqlite3", "sqlite":
		return dbClient{args: true}, true
	case "redis-cli", "valkey-cli", "keydb-cli":
		return dbClient{host: []string{"-h", "-u"}, args: true}, true
	case "mongosh", "mongo":
		return dbClient{sql: []string{"--eval"}, host: []string{"--host"}}, true
	case "clickhouse-client", "clickhouse":
		return dbClient{sql: []string{"-q", "--query"}, host: []string{"-h", "--host"}}, true
	case "cockroach", "cqlsh":
		return dbClient{sql: []string{"-e", "--execute"}, host: []string{"--host", "--url"}}, true
	}
	return dbClient{}, false
}

// classifyDBClient judges a database client by the statements it is
// given (an option, its operands, a here-document): one that drops,
// truncates, flushes or deletes asks with what it destroys; any
// statement to a server on another machine asks, since the sandbox
// cannot undo what reaches it.
func classifyDBClient(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	cl, _ := dbClientOf(name)
	var text []string
	host := ""
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		opt, value, inline := strings.Cut(t, "=")
		if !inline {
			value = c.word(i + 1)
		}
		switch {
		case contains(cl.sql, opt):
			text = append(text, value)
			if !inline {
				c.skip[min(i+1, c.whole())] = true
				i++
			}
		case contains(cl.host, opt):
			host = dbHost(value)
			if !inline {
				i++
			}
		case strings.HasPrefix(t, "-h") && len(t) > 2 && !strings.HasPrefix(t, "--"):
			host = t[2:]
		case strings.Contains(t, "://"):
			host = dbHost(t)
		case cl.args && !strings.HasPrefix(t, "-"):
			text = append(text, t)
		}
	}
	if c.stdin != "" {
		text = append(text, c.stdin)
	}
	stmt := strings.Join(text, "\n")
	remote := host != "" && !LoopbackHost(host) && !strings.HasPrefix(host, "/")
	where := ""
	if remote {
		where = " on " + host
	}
	if what := DestroysData(stmt); what != "" {
		c.Add(event.RiskDestructive, name+" "+what+where, c.whole())
		return
	}
	if remote {
		c.Add(event.RiskExternal, name+" reaches the database on "+host+", another machine: what it changes there cannot be undone", c.whole())
	}
}

// dbHost is the host of a connection string (postgres://u:p@host/db) or
// the host name itself.
func dbHost(v string) string {
	_, rest, ok := strings.Cut(v, "://")
	if !ok {
		return v
	}
	h, _ := urlHost("http://" + rest)
	return h
}

// classifyDropDB: dropdb and mysqladmin drop delete a whole database.
func classifyDropDB(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	if name == "mysqladmin" {
		i := c.operand(at+1, "-h", "--host", "-u", "--user", "-P", "--port")
		if w := c.word(i); w != "drop" && w != "flush-hosts" {
			return
		}
	}
	db := c.word(c.operand(at+1, "-h", "--host", "-U", "--username", "-p", "--port", "-u", "--user", "-P", "--maintenance-db"))
	if name == "mysqladmin" {
		db = c.word(c.operand(c.operand(at+1, "-h", "--host", "-u", "--user", "-P", "--port") + 1))
	}
	c.Add(event.RiskDestructive, name+" drops the database `"+db+"` — every table and row in it is lost", c.whole())
}

// dataFile reports a file that holds an application's data: a database
// file or a dump. Deleting one loses data a rebuild does not bring back.
func dataFile(p string) bool {
	base := strings.ToLower(p[strings.LastIndexAny(p, `/\`)+1:])
	for _, ext := range [...]string{".db", ".sqlite", ".sqlite3", ".db3", ".mdb", ".accdb", ".rdb", ".dump", ".bak",
		".sql.gz", ".dump.gz", ".realm", ".mv.db", ".frm", ".ibd", ".wal", ".db-wal", ".db-shm"} {
		if strings.HasSuffix(base, ext) {
			return true
		}
	}
	return base == "dump.sql" || strings.HasPrefix(base, "backup") && strings.HasSuffix(base, ".sql")
}
