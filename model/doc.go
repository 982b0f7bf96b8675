// Package model is the contract between wtagent's runtime and whatever
// plays the model: the Transport interface, its typed errors, and the
// scripted model that answers from a JSON Lines file.
//
// The ChatGPT web adapter (package browser) and the scripted model both
// implement Transport; the runtime (package actors) only ever sees this
// interface, never a selector.
package model
