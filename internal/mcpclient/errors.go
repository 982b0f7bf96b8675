package mcpclient

import "errors"

// The errors of a connection and its calls.
var (
	// ErrConnect: the server did not start, initialize or list its tools.
	ErrConnect = errors.New("mcp server did not start")
	// ErrCall: the server answered a call with a protocol error, or the
	// call could not be made.
	ErrCall = errors.New("mcp call failed")
	// ErrTimeout: a call had no answer within the server's timeout.
	ErrTimeout = errors.New("mcp call timed out")
	// ErrServerGone: the server exited or closed the connection.
	ErrServerGone = errors.New("mcp server gone")
	// ErrClosed: the connection was closed (Close, or the end of the
	// context it was made with).
	ErrClosed = errors.New("mcp connection closed")
)
