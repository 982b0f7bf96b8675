// Package secrets keeps credentials away from the model and out of logs.
//
// Guard masks what is sent to the model: the values of wtagent's own
// credential-like environment variables (LooksSecret), also encoded as a
// script could print them (reversed, hex, base64, base32, ROT13, split
// across lines), the values in the project's .env and credential files,
// and well-known token shapes (RedactTokens). MaskedIn finds the marks it
// leaves; the user may Reveal one source deliberately.
//
// LooksSecret is the one rule for environment variables: the policy's
// ScrubEnv drops exactly the variables it matches, and the Guard masks
// their values. StripUserinfo removes the user and password of URLs.
//
// Redact and RedactingWriter hide common token formats in diagnostics,
// logs and exports.
//
// IsCredentialPath recognises files that usually hold credentials by name
// (.env, id_rsa, *.pem, .netrc, cloud CLI credentials …), and
// CredentialStores lists the credential directories under a home, for the
// policy, fs.search and the sandbox.
//
// Of wtagent it imports only internal/textcode.
package secrets
