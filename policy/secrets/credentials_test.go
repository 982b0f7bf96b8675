package secrets

import (
	"testing"
)

func TestIsCredentialPath(t *testing.T) {
	yes := []string{
		".env", "app/.env", ".env.local", ".env.production", ".envrc", "id_rsa", "keys/id_ed25519",
		"/home/u/.ssh/id_ecdsa", "/home/u/.ssh/my-deploy-key", "server.pem", "tls/server.key", "cert.p12",
		".npmrc", ".netrc", "_netrc", ".pypirc", ".git-credentials", "/home/u/.aws/credentials",
		"/home/u/.docker/config.json", "/home/u/.kube/config", "/home/u/.config/gh/hosts.yml",
		"/home/u/.config/gcloud/application_default_credentials.json", "terraform.tfstate",
		"client_secret_123.json", "my-service-account-key.json", "release.keystore", "secrets.yaml",
		"/home/u/.gnupg/private-keys-v1.d/x.key", ".pgpass", "vault.kdbx", "AuthKey_ABC.p8",
		".cargo/credentials.toml", "/home/u/.cargo/credentials", ".gem/credentials", ".config/git/credentials",
		".config/rclone/rclone.conf", ".s3cfg", ".boto", ".terraformrc", ".config/containers/auth.json",
		".fly/config.yml", ".config/glab-cli/config.yml", ".password-store/web/site.gpg",
		".local/share/keyrings/login.keyring", ".m2/settings-security.xml", ".vault-token",
		".mozilla/firefox/x.default/logins.json", "/home/u/.config/google-chrome/Default/Cookies",
		"Library/Application Support/Firefox/Profiles/x/key4.db", "/Users/u/Library/Keychains/login.keychain-db",
		".terraform.d/credentials.tfrc.json", ".config/op/config",
	}
	no := []string{
		".env.example", ".env.sample", ".env.template", "id_rsa.pub", "/home/u/.ssh/known_hosts",
		"/home/u/.ssh/config", "src/main.go", "README.md", "environment.ts", "keyboard.go", "docs/env.md",
		".envoy", "/home/u/.kube/cache/x", "package.json", "monkey.png", "config.json", ".cargo/config.toml",
		".gitconfig", ".config/git/config", "src/git/credentials.go", "credentials.go", "src/chromium/main.cc",
		"docs/Library/notes.md", ".config/git/ignore",
	}
	for _, p := range yes {
		if !IsCredentialPath(p) {
			t.Errorf("IsCredentialPath(%q) = false", p)
		}
	}
	for _, p := range no {
		if IsCredentialPath(p) {
			t.Errorf("IsCredentialPath(%q) = true", p)
		}
	}
}
