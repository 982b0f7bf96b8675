// Package runlimit is the limits that bound a run (Limits): model turns,
// waits, tool time, the loops a model can fall into (protocol errors,
// identical calls, nudges, refused done replies), output sent to the
// model, calls per reply and sub-agents at once; their defaults, their
// validation, the checks of the settings that set them, and the Error a
// run that hits one ends with (resumable).
package runlimit
