// The page's reader of the conversation stream: server-sent events and the
// v1 delta encoding of ChatGPT's /backend-api/f/conversation.

// DeltaStream applies v1 delta events to the current message envelope
// ({message, conversation_id}): add, append, replace, patch and the short
// form that continues the last path and operation.
export class DeltaStream {
  constructor(onAdd, onUpdate) { this.root = null; this.lastP = null; this.lastO = null; this.onAdd = onAdd; this.onUpdate = onUpdate; }
  delta(d) {
    if (d.o === 'add' && (d.p === '' || d.p === undefined) && d.v && d.v.message) {
      this.root = d.v;
      this.lastP = null; this.lastO = null;
      this.onAdd(this.root.message, this.root.conversation_id);
      return;
    }
    if (!this.root) return;
    if (d.o === 'patch' && Array.isArray(d.v)) {
      for (const o of d.v) {
        const p = o.p !== undefined ? o.p : this.lastP;
        const op = o.o !== undefined ? o.o : this.lastO;
        this.apply(p, op, o.v);
        this.lastP = p; this.lastO = op;
      }
    } else {
      const p = d.p !== undefined ? d.p : this.lastP;
      const op = d.o !== undefined ? d.o : this.lastO;
      this.apply(p, op, d.v);
      this.lastP = p; this.lastO = op;
    }
    this.onUpdate(this.root.message);
  }
  apply(path, op, v) {
    if (path == null || op == null) return;
    const segs = path.split('/').slice(1);
    if (!segs.length) return;
    let parent = this.root;
    for (let i = 0; i < segs.length - 1; i++) {
      const s = segs[i];
      if (parent[s] == null) parent[s] = /^\d+$/.test(segs[i + 1]) ? [] : {};
      parent = parent[s];
    }
    const key = segs[segs.length - 1];
    const cur = parent[key];
    switch (op) {
      case 'append':
        if (typeof cur === 'string') parent[key] = cur + v;
        else if (Array.isArray(cur)) parent[key] = cur.concat(v);
        else if (cur && typeof cur === 'object') Object.assign(cur, v);
        else parent[key] = v;
        break;
      case 'replace': case 'add': parent[key] = v; break;
      case 'truncate': if (cur && cur.slice) parent[key] = cur.slice(0, v); break;
      case 'remove': delete parent[key]; break;
    }
  }
}

// readSSE calls onEvent(name, data) per event until the body ends or
// onEvent returns true.
export async function readSSE(body, onEvent) {
  const reader = body.getReader();
  const dec = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let k;
    while ((k = buf.indexOf('\n\n')) >= 0) {
      const raw = buf.slice(0, k);
      buf = buf.slice(k + 2);
      let name = 'message';
      const data = [];
      for (const line of raw.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length && onEvent(name, data.join('\n'))) {
        reader.cancel().catch(() => {});
        return;
      }
    }
  }
}
