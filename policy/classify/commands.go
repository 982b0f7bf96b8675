package classify

// commandHandler is the command table: it maps a normalised program name
// (see classify.ProgramName) to the handler that classifies it. A program that is
// not listed runs as RiskExecute (build tools, test runners, project
// scripts); its path arguments are still checked. To extend the table, add
// a case here and, for a new family, a handler next to its kin:
//
//	wrappers.go  env sudo doas nice ionice timeout xargs nohup setsid stdbuf time busybox, npx-style runners
//	windel.go    cmd's rd rmdir del erase, PowerShell's Remove-Item, the words of cmd /c and pwsh -Command
//	files.go     rm unlink shred find chmod chown, system administration (dd mkfs mount kill systemctl …)
//	code.go      shells (sh -c), interpreters with inline code (python -c, node -e, perl -e …), awk, sed, grep
//	git.go       git and its global options, gh, glab
//	network.go   curl wget httpie, ssh scp rsync nc
//	publish.go   package managers and task runners (npm publish, cargo publish, make deploy …), docker
//	cloud.go     cloud and cluster CLIs (aws gcloud az kubectl helm …), deploy CLIs, secret stores
func commandHandler(name string) handler {
	switch name {
	case "env", "cross-env":
		return classifyEnv
	case "dotenv", "dotenvx", "env-cmd", "doppler", "infisical":
		return classifySecretLoader
	case "printenv":
		return classifyPrintenv
	case "sudo", "doas", "pkexec", "run0":
		return classifyElevate
	case "su", "runas", "chroot", "sg", "newgrp":
		return classifyPrivilege
	case "nice", "ionice", "timeout", "xargs", "nohup", "setsid", "stdbuf", "time", "busybox":
		return classifyWrapper
	case "npx", "pnpx", "bunx", "uvx", "pipx":
		return classifyRunner
	case "rm", "unlink":
		return classifyRemove
	case "rd", "rmdir", "del", "erase", "remove-item", "ri":
		return classifyWindowsRemove
	case "shred", "srm", "wipe":
		return destructive("overwrites and deletes files beyond recovery")
	case "find":
		return classifyFind
	case "chmod", "chown", "chgrp":
		return classifyChmod
	case "dd":
		return destructive("dd writes raw bytes to any file or device")
	case "mkfs", "mke2fs", "mkswap", "fdisk", "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted", "wipefs", "losetup":
		return destructive("formats or repartitions disks")
	case "mount", "umount", "mknod", "insmod", "rmmod", "modprobe", "sysctl", "chattr":
		return destructive("changes the running system")
	case "iptables", "ip6tables", "nft", "ufw", "firewall-cmd":
		return destructive("changes the firewall")
	case "useradd", "userdel", "usermod", "groupadd", "groupdel", "passwd", "chpasswd", "visudo":
		return destructive("changes users or passwords")
	case "shutdown", "reboot", "halt", "poweroff", "init", "telinit":
		return destructive("shuts down or restarts the machine")
	case "kill":
		return classifyKill
	case "killall", "pkill", "taskkill", "stop-process", "spps":
		return classifyKillByName
	case "command":
		return classifyCommandBuiltin
	case "systemctl", "service", "launchctl", "crontab", "at":
		return classifyServices
	case "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "rbash", "fish", "csh", "tcsh":
		return classifyShell
	case "pwsh", "powershell", "cmd":
		return classifyWindowsShell
	case "python", "pypy", "node", "deno", "ruby", "perl", "php", "lua", "luajit", "rscript", "r",
		"osascript", "julia", "groovy", "elixir", "erl", "ts-node", "tsx":
		return classifyInterpreter
	case "awk":
		return classifyAwk
	case "sed":
		return classifySed
	case "grep", "egrep", "fgrep", "rg", "ag", "ack":
		return classifyGrep
	case "echo", "printf":
		return classifyEcho
	case "test", "[":
		return classifyTest
	case "git":
		return classifyGit
	case "gh", "glab":
		return classifyForge
	case "curl":
		return classifyCurl
	case "wget":
		return classifyWget
	case "http", "https", "xh", "xhs":
		return classifyHTTPie
	case "ssh", "scp", "sftp", "rsync", "ftp", "lftp", "ssh-copy-id":
		return classifyRemote
	case "nc", "ncat", "netcat", "socat", "telnet":
		return sensitive("opens raw network connections")
	case "ssh-add", "ssh-keygen", "ssh-agent":
		return sensitive("manages SSH keys")
	case "op":
		return classifySecretLoader
	case "security", "pass", "bw", "lpass", "secret-tool", "keyctl", "vault", "gopass", "age", "sops":
		return sensitive("reads from a secret store")
	case "gpg", "gpg2":
		return classifyGPG
	case "npm", "pnpm", "yarn", "bun":
		return classifyNodePM
	case "pip", "uv", "poetry", "pdm", "hatch", "pipenv", "rye", "flit", "twine", "bundle", "gem",
		"cargo", "go", "dotnet", "mvn", "mvnw", "gradle", "gradlew":
		return classifyToolchain
	case "make", "gmake", "just", "task", "mage", "invoke", "nx", "turbo":
		return classifyTaskRunner
	case "docker", "podman", "nerdctl":
		return classifyContainer
	case "docker-compose", "podman-compose":
		return classifyCompose
	case "apt", "apt-get", "aptitude", "dpkg", "yum", "dnf", "zypper", "pacman", "apk", "brew", "port", "snap", "flatpak",
		"choco", "winget", "scoop", "nix-env", "emerge", "pkg", "rpm", "softwareupdate":
		return classifySystemPackages
	case "pm2", "supervisorctl", "forever", "nssm", "sc":
		return classifyServiceManagers
	case "supabase":
		return classifySupabase
	case "ollama":
		return classifyOllama
	case "prisma":
		return classifyPrisma
	case "rails", "rake":
		return classifyRails
	case "django-admin":
		return func(c *Classifier, at int, _ bool) { c.classifyDjangoManage(at) }
	case "psql", "mysql", "mariadb", "sqlite3", "sqlite", "redis-cli", "valkey-cli", "keydb-cli", "mongosh", "mongo",
		"clickhouse-client", "clickhouse", "cockroach", "cqlsh":
		return classifyDBClient
	case "dropdb", "mysqladmin":
		return classifyDropDB
	case "claude", "codex", "gemini", "cursor-agent":
		return classifyAgentCLI
	case "aws", "gcloud", "gsutil", "bq", "az", "doctl", "oci", "ibmcloud", "hcloud", "linode-cli", "scw", "aliyun", "stripe":
		return classifyCloud
	case "kubectl", "oc", "helm":
		return classifyCluster
	case "terraform", "tofu", "pulumi", "cdk", "sam", "serverless", "sls", "eb", "amplify", "vercel",
		"netlify", "firebase", "fly", "flyctl", "heroku", "wrangler", "railway", "surge":
		return classifyDeploy
	}
	return nil
}
