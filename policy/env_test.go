package policy

import (
	"slices"
	"testing"

	"github.com/wtagent/wtagent/policy/classify"
)

func TestScrubEnvKeeps(t *testing.T) {
	kept := []string{
		"PATH=/usr/local/bin:/usr/bin", "HOME=/home/me", "USER=me", "SHELL=/bin/zsh", "TERM=xterm-256color",
		"LANG=en_US.UTF-8", "LC_ALL=C", "LC_CTYPE=UTF-8", "TZ=Europe/Paris", "TMPDIR=/tmp",
		"HTTP_PROXY=http://proxy:3128", "HTTPS_PROXY=http://user:pa55@proxy:3128", "NO_PROXY=localhost",
		"http_proxy=http://proxy:3128", "https_proxy=http://proxy:3128", "no_proxy=.internal",
		"GOPATH=/home/me/go", "GOCACHE=/home/me/.cache/go-build", "GOMODCACHE=/home/me/go/pkg/mod",
		"GOFLAGS=-mod=mod", "GOPROXY=https://user:tok@goproxy.internal", "JAVA_HOME=/usr/lib/jvm/java-21",
		"VIRTUAL_ENV=/p/.venv", "SSH_AUTH_SOCK=/tmp/ssh-x/agent.1", "CARGO_HOME=/home/me/.cargo",
		"RUSTUP_HOME=/home/me/.rustup", "XDG_CONFIG_HOME=/home/me/.config", "XDG_RUNTIME_DIR=/run/user/1000",
		"NODE_ENV=development", "CI=true", "EDITOR=vim", "DISPLAY=:0", "XAUTHORITY=/home/me/.Xauthority",
		"TOKENIZERS_PARALLELISM=false", "KEYBOARD_LAYOUT=us", "PNPM_HOME=/home/me/.pnpm",
		"NODE_EXTRA_CA_CERTS=/etc/ssl/ca.pem", "SSL_CERT_FILE=/etc/ssl/cert.pem", "KUBECONFIG=/home/me/.kube/dev",
		"DATABASE_URL=postgres://localhost/dev", "PYTHONPATH=src", "GIT_AUTHOR_NAME=Me", "SSH_ASKPASS=/usr/bin/ksshaskpass",
		"MAX_TOKENS=4096", "OLDPWD=/home/me", "PWD=/home/me/p",
	}
	for _, kv := range kept {
		if got := ScrubEnv([]string{kv}, nil); len(got) != 1 {
			t.Errorf("ScrubEnv dropped %s", kv)
		}
	}
}

func TestScrubEnvDrops(t *testing.T) {
	dropped := []string{
		"GITHUB_TOKEN=x", "GH_TOKEN=x", "GITLAB_TOKEN=x", "NPM_TOKEN=x", "NODE_AUTH_TOKEN=x",
		"OPENAI_API_KEY=x", "ANTHROPIC_API_KEY=x", "STRIPE_SECRET_KEY=x", "MY_SECRET=x", "CLIENT_SECRET=x",
		"AWS_ACCESS_KEY_ID=AKIAxx", "AWS_SECRET_ACCESS_KEY=x", "AWS_SESSION_TOKEN=x", "AWS_PROFILE=prod",
		"PGPASSWORD=x", "MYSQL_PWD=x", "DB_PASS=x", "REDIS_PASSWORD=x", "SSHPASS=x", "GPG_PASSPHRASE=x",
		"GOOGLE_APPLICATION_CREDENTIALS=/k.json", "AZURE_CLIENT_SECRET=x", "SENTRY_DSN=https://k@sentry/1",
		"SENTRY_AUTH_TOKEN=x", "NPM_CONFIG__AUTH=x", "npm_config_//registry.example/:_authToken=x",
		"SLACK_BOT_TOKEN=x", "HF_TOKEN=x", "HUGGING_FACE_HUB_TOKEN=x", "CARGO_REGISTRY_TOKEN=x",
		"VAULT_TOKEN=x", "API_KEY=x", "X_API_KEY_ID=x", "SESSION_COOKIE=x", "GITLAB_PAT=x", "JWT=x",
		"PRIVATE_KEY=x", "SIGNING_KEY=x", "TWINE_PASSWORD=x", "DOCKER_AUTH=x",
		// The unusual names.
		"STRIPE_SK=x", "SLACK_WEBHOOK_URL=https://hooks.example/T0/B0/x", "PW=x", "AUTH_HEADER=x",
		"PRIVATE_TLS=x", "KEY_ID=x", "DB_PW=x",
		// By value: tokens under innocent names.
		"DATABASE_URL=postgres://app:hunter22@db:5432/app", "SOME_SETTING=ghp_0123456789abcdefghijABCDEFGHIJ012345",
		"OPTS=sk-proj-abcdefghijklmnopqrstuvwxyz012345", "PIP_INDEX_URL=https://u:tok@pypi.internal/simple",
	}
	for _, kv := range dropped {
		if got := ScrubEnv([]string{kv}, nil); len(got) != 0 {
			t.Errorf("ScrubEnv kept %s", kv)
		}
	}
}

func TestScrubEnvAllowAndOrder(t *testing.T) {
	in := []string{"PATH=/bin", "MYCO_TOKEN=a", "GITHUB_TOKEN=b", "MYCO_KEY=c", "broken", "=x", "HOME=/h"}
	got := ScrubEnv(in, []string{"MYCO_*"})
	want := []string{"PATH=/bin", "MYCO_TOKEN=a", "MYCO_KEY=c", "HOME=/h"}
	if !slices.Equal(got, want) {
		t.Errorf("ScrubEnv = %q, want %q", got, want)
	}
	if got := ScrubEnv(in, []string{"GITHUB_TOKEN"}); !slices.Contains(got, "GITHUB_TOKEN=b") || slices.Contains(got, "MYCO_TOKEN=a") {
		t.Errorf("exact allow: %q", got)
	}
}

func TestEnvAdditions(t *testing.T) {
	tests := []struct {
		kv   string
		bad  bool
		risk string
	}{
		{"PORT=3000", false, ""},
		{"NODE_ENV=production", false, ""},
		{"NODE_OPTIONS=--max-old-space-size=4096", false, ""},
		{"EMPTY=", false, ""},
		{"LD_PRELOAD=/x.so", false, "destructive"},
		{"LD_LIBRARY_PATH=/x", false, "destructive"},
		{"DYLD_INSERT_LIBRARIES=/x", false, "destructive"},
		{"BASH_ENV=/x", false, "destructive"},
		{"BASH_FUNC_ls%%=() { id; }", true, ""},
		{"NODE_OPTIONS=-r ./hook.js", false, "destructive"},
		{"GIT_CONFIG_COUNT=1", false, "destructive"},
		{"PAGER=sh -c id", false, "destructive"},
		{"LESSOPEN=|cmd %s", false, "destructive"},
		{"LESSCLOSE=cmd %s %s", false, "destructive"},
		{"GIT_SSH_COMMAND=ssh -o ProxyCommand=x", false, "destructive"},
		{"GIT_TEMPLATE_DIR=./t", false, "destructive"},
		{"PROMPT_COMMAND=id", false, "destructive"},
		{"PS1=$(id)", false, "destructive"},
		{"PS1=$ ", false, ""},
		{"PS1=`id`", false, "destructive"},
		{"GCONV_PATH=.", false, "destructive"},
		{"TAR_OPTIONS=--to-command=sh", false, "destructive"},
		{"RUSTC_WRAPPER=./w", false, "destructive"},
		{"JAVA_TOOL_OPTIONS=-javaagent:/x.jar", false, "destructive"},
		{"_JAVA_OPTIONS=-XX:OnOutOfMemoryError=sh x", false, "destructive"},
		{"JAVA_TOOL_OPTIONS=-Xmx4g -Dfile.encoding=UTF-8", false, ""},
		{"GOFLAGS=-toolexec=./t", false, "destructive"},
		{"GOFLAGS=-mod=mod -trimpath", false, ""},
		{"NODE_OPTIONS=--require=./hook.js", false, "destructive"},
		{"PATH=/tmp", false, "sensitive"},
		{"DEPLOY_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789", false, "sensitive"},
		{"DATABASE_URL=postgres://app:hunter22@db.example.com/app", false, "sensitive"},
		// A name alone makes nothing secret: a test's placeholder.
		{"DEPLOY_TOKEN=x", false, ""},
		{"FOO_KEY=test_key", false, ""},
		{"PATH=/opt/tool/bin:$PATH", false, ""},
		{"NOPE", true, ""},
		{"=x", true, ""},
		{"9LIVES=x", true, ""},
		{"A-B=x", true, ""},
		{"A=x\x00y", true, ""},
	}
	for _, tt := range tests {
		f, bad := classify.CheckEnvAddition(tt.kv)
		if (bad != "") != tt.bad {
			t.Errorf("%q: bad=%q, want bad=%v", tt.kv, bad, tt.bad)
			continue
		}
		got := ""
		if f != nil {
			got = string(f.Risk)
		}
		if got != tt.risk {
			t.Errorf("%q: risk %q, want %q", tt.kv, got, tt.risk)
		}
	}
	if got := mergeEnv([]string{"A=1", "B=2"}, []string{"B=3", "C=4"}); !slices.Equal(got, []string{"A=1", "B=3", "C=4"}) {
		t.Errorf("mergeEnv = %q", got)
	}
}

func TestScrubEnvStripsUserinfo(t *testing.T) {
	in := []string{"HTTPS_PROXY=http://user:pa55@proxy:3128", "GOPROXY=https://user:tok@goproxy.internal,direct", "NO_PROXY=localhost"}
	want := []string{"HTTPS_PROXY=http://proxy:3128", "GOPROXY=https://goproxy.internal,direct", "NO_PROXY=localhost"}
	if got := ScrubEnv(in, nil); !slices.Equal(got, want) {
		t.Errorf("ScrubEnv = %q, want %q", got, want)
	}
}
