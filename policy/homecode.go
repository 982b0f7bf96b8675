package policy

// HomeCode returns the files and directories under a home (home-relative,
// slash-separated) that make a tool or a shell run code, or that hold the
// programs it runs: the bin directories on PATH, toolchains' hooks
// (~/.cargo/config.toml's rustc-wrapper, ~/.gradle/init.d, Maven's
// settings), shell and editor start-up files, git's configuration, user
// services and autostart entries. Programs never change them (the sandbox
// keeps them read-only, also when the project is the home), and a file
// tool's write to one needs approval.
func HomeCode() []string {
	return []string{
		".cargo/bin", ".cargo/config.toml", ".cargo/config", ".cargo/env", "go/bin", ".local/bin", ".local/lib",
		".local/share/pnpm", ".deno/bin", ".bun/bin", ".volta/bin", ".yarn/bin", ".nvm", ".pyenv", ".rbenv",
		".rustup", ".sdkman", ".gem", ".gradle/init.d", ".gradle/init.gradle", ".gradle/init.gradle.kts",
		".gradle/gradle.properties", ".m2/settings.xml", ".mavenrc", ".yarnrc", ".yarnrc.yml",
		".profile", ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".zshrc", ".zshenv", ".zprofile",
		".zlogin", ".config/fish", ".gitconfig", ".config/git", ".gitignore_global", ".vimrc", ".config/nvim",
		".tmux.conf", ".config/systemd", ".config/autostart", ".config/environment.d", ".pam_environment",
		".xprofile", ".xinitrc", ".xsessionrc", "Library/LaunchAgents", "bin",
	}
}
