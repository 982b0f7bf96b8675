// The page's reader of the conversation stream: server-sent events and the
// v1 delta encoding of ChatGPT's /backend-api/f/conversation (2026 shapes).

// isAnswer reports whether m is part of the answer: a visible assistant
// text message to all on the final channel (or none). Thoughts, recaps,
// tool traffic, commentary and hidden messages are not.
export function isAnswer(m) {
  const ct = m.content && m.content.content_type;
  const md = m.metadata || {};
  return m.author && m.author.role === 'assistant' && (!m.recipient || m.recipient === 'all') &&
    (ct === 'text' || ct === 'multimodal_text') && (!m.channel || m.channel === 'final') &&
    !md.is_visually_hidden_from_conversation && !md.is_thinking_preamble_message;
}

function startsMessage(d) {
  const v = d.v;
  return v && typeof v === 'object' && !Array.isArray(v) && v.message && (typeof d.p !== 'string' || d.p === '');
}

// DeltaStream decodes the v1 delta encoding as the real page does: one
// state per channel ("c"); "c", "p" and "o" carry forward from the previous
// delta, "v" never does; a "v" holding "message" with "p" absent or ""
// starts a message; the children of a "patch" do not inherit the outer
// keys. onAdd(message, conversationId) sees each new message, onUpdate(message)
// each change.
export class DeltaStream {
  constructor(onAdd, onUpdate) {
    this.chans = new Map(); this.c = undefined; this.p = undefined; this.o = undefined;
    this.byId = new Map(); this.onAdd = onAdd; this.onUpdate = onUpdate;
  }
  delta(d) {
    if ('c' in d) this.c = d.c;
    if (startsMessage(d)) { this.start(d.v); this.p = ''; this.o = 'add'; return; }
    if (typeof d.p === 'string') this.p = d.p;
    if (typeof d.o === 'string') this.o = d.o;
    const root = this.chans.get(this.c);
    if (this.o === 'patch') {
      for (const ch of Array.isArray(d.v) ? d.v : []) this.child(ch);
      return;
    }
    if (root && this.p) { this.apply(root, this.p, this.o, d.v); this.onUpdate(root.message); }
  }
  child(ch) {
    if (!ch || typeof ch !== 'object') return;
    if (startsMessage(ch)) { this.start(ch.v); return; }
    if (ch.o === 'patch') { for (const x of Array.isArray(ch.v) ? ch.v : []) this.child(x); return; }
    const root = this.chans.get(this.c);
    if (root && typeof ch.p === 'string' && ch.p && ch.o) { this.apply(root, ch.p, ch.o, ch.v); this.onUpdate(root.message); }
  }
  start(env) {
    const id = env.message && env.message.id;
    this.chans.set(this.c, env);
    if (id) this.byId.set(id, env);
    this.onAdd(env.message, env.conversation_id);
  }
  apply(root, path, op, v) {
    const segs = path.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (!segs.length) return;
    let parent = root;
    for (let i = 0; i < segs.length - 1; i++) {
      const s = segs[i];
      if (parent[s] == null) parent[s] = /^\d+$/.test(segs[i + 1]) ? [] : {};
      parent = parent[s];
      if (typeof parent !== 'object') return;
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
      case 'truncate':
        // The length counts characters (code points), not UTF-16 units.
        if (typeof cur === 'string') parent[key] = Array.from(cur).slice(0, v).join('');
        else if (Array.isArray(cur)) parent[key] = cur.slice(0, v);
        break;
      case 'remove':
        if (Array.isArray(parent)) parent.splice(Number(key), 1); else delete parent[key];
        break;
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

// parseSSEText calls onEvent(name, data) for each event of a complete SSE
// fragment (a WebSocket item's encoded_item).
export function parseSSEText(text, onEvent) {
  for (const raw of text.split(/\n\n/)) {
    let name = 'message';
    const data = [];
    for (const line of raw.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) onEvent(name, data.join('\n'));
  }
}

// UserSocket is the user's WebSocket (one per user, opened before any
// send): connect, subscribe to a turn's topic, and hand each frame to the
// topic's listener.
export class UserSocket {
  constructor(url) {
    this.nextId = 1; this.listeners = new Map(); this.queue = [];
    this.ws = new WebSocket(url);
    this.ws.onopen = () => { for (const q of this.queue) this.ws.send(q); this.queue = []; };
    this.ws.onmessage = (e) => this.onFrame(e.data);
    this.send({ type: 'connect', presence: { type: 'presence', state: 'foreground' } });
  }
  send(command) {
    const text = JSON.stringify([{ id: this.nextId++, command }]);
    if (this.ws.readyState === 1) this.ws.send(text); else this.queue.push(text);
  }
  subscribe(topic, onItem) {
    this.listeners.set(topic, onItem);
    this.send({ type: 'subscribe', topic_id: topic, offset: '0' });
  }
  unsubscribe(topic) { this.listeners.delete(topic); }
  onFrame(text) {
    let j;
    try { j = JSON.parse(text); } catch (e) { return; }
    for (const f of Array.isArray(j) ? j : [j]) {
      if (f.type === 'reply' && f.reply && f.reply.type === 'subscribe') {
        for (const c of f.reply.catchups || []) this.deliver(c);
      } else {
        this.deliver(f);
      }
    }
  }
  deliver(f) {
    if (!f || !f.payload) return;
    const l = this.listeners.get(f.topic_id);
    if (l) { l(f.payload); return; }
    for (const other of this.listeners.values()) other(f.payload, f.topic_id);
  }
}
