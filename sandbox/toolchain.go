package sandbox

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"
)

// toolchains are the directories toolchains need: read (and execute) and
// write (caches, module and package stores).
type toolchains struct {
	read, write []string
}

// homeReads are toolchain directories and files under the home that are
// read (and run from), never written: the programs on PATH and the
// configuration that makes tools run code (~/.cargo/bin and
// ~/.cargo/config.toml, ~/go/bin, ~/.gradle/init.d, ~/.m2/settings.xml,
// shell rc files, git's configuration). homeWrites are the caches and
// stores toolchains write: downloaded modules and packages, build caches.
var (
	homeReads = []string{
		".rustup", ".cargo", "go", ".nvm", ".pyenv", ".rbenv", ".local/bin", ".local/lib", ".local/share/pnpm",
		".volta", ".bun", ".deno", ".sdkman", ".gem", ".m2", ".gradle", ".yarn", ".gitconfig", ".config/git",
		".cache/ms-playwright", ".profile", ".bashrc", ".zshrc", ".yarnrc", ".gitignore_global",
	}
	homeWrites = []string{
		".npm", ".cache/pip", ".cache/yarn", ".cache/pnpm", ".cache/node-gyp", ".cache/go-build",
		".cache/uv", ".cache/pypoetry", ".cache/deno", ".cache/bun", ".pnpm-store", ".node-gyp", ".yarn/berry/cache",
		"go/pkg/mod", ".cargo/registry", ".cargo/git", ".cargo/.package-cache", ".cargo/.package-cache-mutate",
		".cargo/.global-cache", ".m2/repository", ".gradle/caches", ".gradle/wrapper/dists",
		".gradle/daemon", ".gradle/native", ".gradle/.tmp",
	}
	// envReads are variables naming toolchain directories; envWrites name
	// caches; envHomes name a toolchain's home, whose caches (homeCaches)
	// are written and the rest (its bin, its configuration) only read.
	envReads  = []string{"GOROOT", "RUSTUP_HOME", "NVM_DIR", "PNPM_HOME", "VIRTUAL_ENV", "CONDA_PREFIX", "PYENV_ROOT", "BUN_INSTALL", "VOLTA_HOME", "JAVA_HOME"}
	envWrites = []string{"GOCACHE", "GOMODCACHE", "npm_config_cache", "NPM_CONFIG_CACHE",
		"PIP_CACHE_DIR", "YARN_CACHE_FOLDER", "UV_CACHE_DIR", "DENO_DIR"}
	envHomes = map[string][]string{
		"GOPATH":           {"pkg/mod"},
		"CARGO_HOME":       {"registry", "git", ".package-cache", ".package-cache-mutate", ".global-cache"},
		"GRADLE_USER_HOME": {"caches", "wrapper/dists", "daemon", "native", ".tmp"},
	}
)

// cacheOwners maps a cache under home to the program that writes it.
var cacheOwners = map[string]string{
	".npm": "npm", ".cache/pip": "pip3", ".cargo/registry": "cargo", ".cargo/git": "cargo", ".cache/yarn": "yarn",
	".cache/pnpm": "pnpm", ".cache/go-build": "go", "go/pkg/mod": "go", ".m2/repository": "mvn",
	".gradle/caches": "gradle",
}

// findToolchains asks the toolchains where they live (go env), then reads
// the toolchain variables, the PATH and the usual places under home.
func findToolchains(home string, env []string) toolchains {
	var t toolchains
	for _, k := range envReads {
		t.read = appendAbs(t.read, envValue(env, k))
	}
	for _, k := range envWrites {
		t.write = appendAbs(t.write, envValue(env, k))
	}
	for _, k := range slices.Sorted(maps.Keys(envHomes)) {
		for _, h := range appendAbs(nil, envValue(env, k)) {
			caches := envHomes[k]
			t.read = append(t.read, h)
			for _, c := range caches {
				t.write = append(t.write, filepath.Join(h, c))
			}
		}
	}
	t.read = append(t.read, filepath.SplitList(envValue(env, "PATH"))...)
	if g := goEnv(env); g != nil {
		t.read = appendAbs(appendAbs(t.read, g["GOROOT"]), g["GOPATH"])
		for _, k := range []string{"GOCACHE", "GOMODCACHE"} {
			if d := g[k]; filepath.IsAbs(d) {
				_ = os.MkdirAll(d, 0o755) // so the rule can name it
				t.write = append(t.write, d)
			}
		}
	}
	if home != "" {
		// A cache that does not exist yet is made when its toolchain is
		// installed, so the rule can name it.
		for _, dir := range slices.Sorted(maps.Keys(cacheOwners)) {
			if prog, d := cacheOwners[dir], filepath.Join(home, dir); !exists(d) && onPath(env, prog) != "" {
				_ = os.MkdirAll(d, 0o755)
			}
		}
		for _, r := range homeReads {
			t.read = append(t.read, filepath.Join(home, r))
		}
		for _, w := range homeWrites {
			t.write = append(t.write, filepath.Join(home, w))
		}
	}
	return t
}

func appendAbs(list []string, dirs string) []string {
	for _, d := range filepath.SplitList(dirs) {
		if filepath.IsAbs(d) {
			list = append(list, filepath.Clean(d))
		}
	}
	return list
}

// goEnv runs `go env -json` with the programs' environment when go is on
// their PATH; nil when it is not or fails.
func goEnv(env []string) map[string]string {
	path := onPath(env, "go")
	if path == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "env", "-json", "GOROOT", "GOCACHE", "GOMODCACHE", "GOPATH")
	// GO_TELEMETRY_CHILD=2: the query starts no telemetry process that
	// would outlive it.
	cmd.Env = append(append([]string(nil), env...), "GO_TELEMETRY_CHILD=2")
	out, err := cmd.Output()
	if err != nil {
		return nil
	}
	m := map[string]string{}
	if json.Unmarshal(out, &m) != nil {
		return nil
	}
	return m
}

// onPath finds an executable on env's PATH ("" when it is not there).
func onPath(env []string, name string) string {
	for _, dir := range filepath.SplitList(envValue(env, "PATH")) {
		if !filepath.IsAbs(dir) {
			continue
		}
		if st, err := os.Stat(filepath.Join(dir, name)); err == nil && !st.IsDir() && st.Mode().Perm()&0o111 != 0 {
			return filepath.Join(dir, name)
		}
	}
	return ""
}
