package tools

import (
	"context"
	"os"
)

// walkFiles calls visit for each searchable file below dir (root-relative
// paths), in walk order.
func walkFiles(ctx context.Context, root *os.Root, dir string, stack ignoreStack, visit func(rel string) bool) error {
	return walkDirs(ctx, root, dir, stack, func(_ *dirHandle, _, rel string) bool { return visit(rel) })
}
