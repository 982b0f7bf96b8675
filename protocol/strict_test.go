package protocol

// ParseStrict is Parse without the markup repairs: a reply it accepts is
// accepted by Parse with the same turn and no repairs.
func ParseStrict(reply string, cat *Catalogue) (Turn, error) {
	return parse(reply, cat, false)
}
