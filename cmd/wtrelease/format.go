package main

import (
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"errors"
	"fmt"
)

// ErrWrongFormat is a binary that is not what its target needs.
var ErrWrongFormat = errors.New("wrong executable format")

// checkFormat opens path as the executable format of goos and wants the
// machine of goarch: ELF for Linux, Mach-O for macOS, PE for Windows.
func checkFormat(path, goos, goarch string) error {
	want, ok := machineOf(goos + "/" + goarch)
	if !ok {
		return fmt.Errorf("%w: no known machine for %s/%s", ErrBadTarget, goos, goarch)
	}
	var got string
	switch goos {
	case "linux":
		f, err := elf.Open(path)
		if err != nil {
			return fmt.Errorf("%w: %s is not ELF: %v", ErrWrongFormat, path, err)
		}
		defer f.Close()
		if f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
			return fmt.Errorf("%w: %s is an ELF %v, not an executable", ErrWrongFormat, path, f.Type)
		}
		got = f.Machine.String()
	case "darwin":
		f, err := macho.Open(path)
		if err != nil {
			return fmt.Errorf("%w: %s is not Mach-O: %v", ErrWrongFormat, path, err)
		}
		defer f.Close()
		if f.Type != macho.TypeExec {
			return fmt.Errorf("%w: %s is a Mach-O %v, not an executable", ErrWrongFormat, path, f.Type)
		}
		got = f.Cpu.String()
	case "windows":
		f, err := pe.Open(path)
		if err != nil {
			return fmt.Errorf("%w: %s is not PE: %v", ErrWrongFormat, path, err)
		}
		defer f.Close()
		if f.Characteristics&pe.IMAGE_FILE_EXECUTABLE_IMAGE == 0 {
			return fmt.Errorf("%w: %s is a PE file but not an executable image", ErrWrongFormat, path)
		}
		got = fmt.Sprintf("PE machine %#x", f.Machine)
	}
	if got != want {
		return fmt.Errorf("%w: %s is for %s, want %s", ErrWrongFormat, path, got, want)
	}
	return nil
}

// machineOf is the machine the header of a target's binary names.
func machineOf(target string) (string, bool) {
	switch target {
	case "linux/amd64":
		return elf.EM_X86_64.String(), true
	case "linux/arm64":
		return elf.EM_AARCH64.String(), true
	case "darwin/amd64":
		return macho.CpuAmd64.String(), true
	case "darwin/arm64":
		return macho.CpuArm64.String(), true
	case "windows/amd64":
		return fmt.Sprintf("PE machine %#x", pe.IMAGE_FILE_MACHINE_AMD64), true
	}
	return "", false
}
