package secrets

import (
	"path"
	"path/filepath"
	"strings"
)

// IsCredentialPath reports whether a path (root-relative or absolute) names
// a file that usually holds credentials: .env files (not .env.example and
// other templates), SSH private keys, *.pem and *.key files, .netrc,
// .npmrc, .pypirc, .git-credentials, cloud CLI credential files, Terraform
// state, keystores. It looks at names only. The engine asks before such a
// file is read or written, even inside the root, and fs.search should skip
// them.
func IsCredentialPath(p string) bool {
	p = strings.ToLower(filepath.ToSlash(filepath.Clean(p)))
	base := path.Base(p)
	if credentialName(base) || credentialPattern(base) || inCredentialStore(p) {
		return true
	}
	for _, dir := range strings.Split(path.Dir(p), "/") {
		if credentialDirFile(dir, base) {
			return true
		}
	}
	return false
}

// credentialName lists file names that hold secrets wherever they are.
func credentialName(base string) bool {
	switch base {
	case ".env", ".envrc", ".netrc", "_netrc", ".npmrc", ".yarnrc.yml", ".pypirc",
		".git-credentials", ".pgpass", ".my.cnf", ".htpasswd", ".dockercfg", ".secrets",
		"credentials", "credentials.json", "secrets.json", "secrets.yml", "secrets.yaml",
		"secrets.toml", "terraform.tfstate", "terraform.tfstate.backup",
		"application_default_credentials.json", "access_tokens.db", "credentials.db",
		"accesstokens.json", "msal_token_cache.json", ".s3cfg", ".boto", ".terraformrc", ".vault-token",
		"settings-security.xml", "rclone.conf":
		return true
	}
	return false
}

// credentialPattern matches .env.<name>, SSH identities and secret suffixes.
func credentialPattern(base string) bool {
	if rest, ok := strings.CutPrefix(base, ".env."); ok {
		return !envTemplate(rest)
	}
	if strings.HasPrefix(base, "id_") && !strings.HasSuffix(base, ".pub") {
		return true // id_rsa, id_ed25519, id_ecdsa_sk…
	}
	switch path.Ext(base) {
	case ".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk", ".kdbx", ".p8", ".tfstate", ".credentials":
		return true
	}
	if strings.HasPrefix(base, ".") && (strings.Contains(base, "secret") || strings.Contains(base, "token")) && !strings.Contains(base, "example") {
		return true // .jwt_secret, .secret_key, .token
	}
	for _, glob := range [...]string{"client_secret*.json", "*service-account*.json", "*-credentials.json", "*_credentials.json"} {
		if ok, _ := path.Match(glob, base); ok {
			return true
		}
	}
	return false
}

// envTemplate lists .env.<suffix> files that hold examples, not secrets.
func envTemplate(suffix string) bool {
	switch suffix {
	case "example", "sample", "template", "dist", "defaults", "schema":
		return true
	}
	return false
}

// credentialDirFile matches secret files by their directory.
func credentialDirFile(dir, base string) bool {
	switch dir {
	case ".ssh":
		return !strings.HasSuffix(base, ".pub") && base != "known_hosts" && base != "known_hosts.old" && base != "config"
	case ".aws":
		return base == "credentials" || base == "config"
	case ".docker", "containers":
		return base == "config.json" || base == "auth.json"
	case ".cargo":
		return base == "credentials.toml" || base == "credentials"
	case ".gem", "git":
		return base == "credentials"
	case ".fly", "glab-cli", "hub", "doctl", ".oci", "op", "configstore", ".password-store", "keyrings":
		return true
	case ".kube":
		return base == "config"
	case "gh":
		return base == "hosts.yml"
	case ".gnupg", "gcloud", ".azure":
		return true
	}
	return false
}

// CredentialStores returns the paths under a home that hold credentials
// (home-relative, slash-separated): key and token stores, cloud CLIs'
// configuration, keychains, password stores and browser profiles.
// Programs never read them (the sandbox hides them, even when the project
// is the home), the file tools ask before reading a file in one and
// fs.search leaves them out.
func CredentialStores() []string {
	return []string{
		".ssh", ".aws", ".gnupg", ".config/gh", ".netrc", ".git-credentials", ".docker", ".kube",
		".config/gcloud", ".azure", ".pypirc", ".npmrc", ".mozilla", ".config/google-chrome",
		".config/chromium", ".config/BraveSoftware", ".config/microsoft-edge", ".password-store",
		".local/share/keyrings", ".vault-token", ".terraform.d", ".terraformrc", ".cargo/credentials.toml",
		".cargo/credentials", ".gem/credentials", ".m2/settings-security.xml", ".config/git/credentials",
		".config/glab-cli", ".config/hub", ".config/doctl", ".oci", ".config/op", ".config/rclone", ".s3cfg",
		".boto", ".pgpass", ".my.cnf", ".config/containers/auth.json", ".fly", ".config/configstore",
		".local/share/com.vercel.cli",
		// macOS: keychains, cookies and browser profiles.
		"Library/Keychains", "Library/Cookies", "Library/Safari", "Library/Application Support/Google/Chrome",
		"Library/Application Support/Chromium", "Library/Application Support/Firefox",
		"Library/Application Support/BraveSoftware", "Library/Application Support/Microsoft Edge",
	}
}

// inCredentialStore reports whether p (clean, slash-separated, lower
// case) is in one of the CredentialStores: at its start (a path relative
// to a project that is the home) or after a "/" (absolute, or below a
// subdirectory). The stores credentialDirFile knows file by file (.ssh's
// known_hosts and config are no secret) are left to it.
func inCredentialStore(p string) bool {
	for _, c := range CredentialStores() {
		c = strings.ToLower(c)
		switch c {
		case ".ssh", ".aws", ".docker", ".kube", ".config/gh":
			continue
		}
		if p == c || strings.HasPrefix(p, c+"/") || strings.HasSuffix(p, "/"+c) || strings.Contains(p, "/"+c+"/") {
			return true
		}
	}
	return false
}
