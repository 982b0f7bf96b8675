// Package projecttest is test support for the packages that guard the
// project root (policy and policy/boundary), imported only by their tests:
// a project directory with an outside directory next to it. It imports no
// package of the module, so that policy/boundary's own tests can use it.
package projecttest
