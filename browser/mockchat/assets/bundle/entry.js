// Entry of the ProseMirror bundle of the mock ChatGPT page. build-bundle.sh
// bundles it with esbuild into ../prosemirror.bundle.js, which exposes the
// names below as window.PM.
export { EditorState, Plugin, PluginKey, TextSelection } from "prosemirror-state";
export { EditorView, Decoration, DecorationSet } from "prosemirror-view";
export { Schema, DOMParser, DOMSerializer, Fragment, Slice } from "prosemirror-model";
export { schema as basicSchema } from "prosemirror-schema-basic";
export { keymap } from "prosemirror-keymap";
export { baseKeymap, splitBlock, chainCommands, deleteSelection, selectAll } from "prosemirror-commands";
export { history, undo, redo } from "prosemirror-history";
