// The mock ChatGPT single-page app. It reproduces what a page adapter
// relies on (see browser/mockchat/CONTRACT.md): a real ProseMirror composer,
// the send/stop button, the thread with conversation-turn articles, the v1
// delta stream rendered as markdown, the finished-turn action bar, the
// model menu (menu.js), uploads, and the login, limit, error, challenge and
// modal states (dialogs.js). It talks to the Go server only through the
// real site's endpoints.

import { h, $, sleep, uuid, toast, T, NOV } from './dom.js';
import { mountHiddenRoutes, freezeRoute } from './routes.js';
import { DeltaStream, UserSocket, isAnswer, parseSSEText, readSSE } from './stream.js';
import { modelMenu } from './menu.js';
import { picker2026 } from './picker.js';
import { openModal, modalOpen, openLoginDialog } from './dialogs.js';
import * as G from './gen.js';

const cfg = JSON.parse(document.getElementById('mock-config').textContent);
const broken = new Set(cfg.broken || []);
const PM = window.PM;
const MD = window.MockMarkdown;
const ROOT_ID = 'client-created-root';

// ------------------------------------------------------------ state

// storageKey names a remembered choice of this server's page (another
// server on the same origin, e.g. a reused port, has its own).
function storageKey(name) { return 'mockchat.' + cfg.instance + '.' + name; }

const models = cfg.models || [];
function modelBySlug(slug) { return models.find((m) => m.slug === slug); }
function initialModel() {
  const saved = localStorage.getItem(storageKey('model'));
  const m = modelBySlug(saved);
  return m && !m.disabled ? saved : cfg.model;
}

const state = {
  loggedIn: !!cfg.loggedIn,
  token: null,
  conversationId: cfg.conversationId || null,
  leafId: ROOT_ID,
  model: initialModel(),
  effort: (cfg.efforts || []).includes(localStorage.getItem(storageKey('effort'))) ? localStorage.getItem(storageKey('effort')) : cfg.effort,
  streaming: null,
  work: G.UNITS && !!cfg.workMode,
  attachments: [],
  turns: [],
  lastUser: null,
};

// ------------------------------------------------------------ session and API

async function loadSession() {
  try {
    const res = await fetch('/api/auth/session', { credentials: 'same-origin', cache: 'no-store' });
    const j = await res.json();
    const was = state.loggedIn;
    state.loggedIn = !!j.user;
    state.token = j.accessToken || null;
    if (was !== state.loggedIn) renderAuth();
  } catch (e) {
    // Offline or server gone: keep what we had.
  }
}
let sessionLoad = loadSession();

async function api(path, init) {
  await sessionLoad;
  const opts = Object.assign({ credentials: 'same-origin' }, init || {});
  opts.headers = Object.assign({}, opts.headers || {});
  // X-Mock-Page marks the page's own reads (Options.ReadRetryAfter limits
  // only the adapter's).
  if (!opts.method || opts.method === 'GET') opts.headers['X-Mock-Page'] = '1';
  if (state.token) opts.headers.Authorization = 'Bearer ' + state.token;
  let res = await fetch(path, opts);
  if (res.status === 401 && !(init && init.noRetry)) {
    // The token may be stale (a new login): refresh the session once.
    const old = state.token;
    sessionLoad = loadSession();
    await sessionLoad;
    if (state.token && state.token !== old) {
      opts.headers.Authorization = 'Bearer ' + state.token;
      res = await fetch(path, opts);
    }
  }
  return res;
}

// NextAuth refetches the session when the window gets focus.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') sessionLoad = loadSession();
});
window.addEventListener('focus', () => { sessionLoad = loadSession(); });

// ------------------------------------------------------------ layout

const ui = {};

function buildLayout() {
  ui.history = h('div', { class: 'history' });
  ui.sidebar = h('nav', { class: 'sidebar', 'aria-label': 'Chat history' },
    h('a', { href: '/', 'data-testid': 'create-new-chat-button', text: 'New chat' }),
    h('div', { class: 'history-title', text: 'Chats' }),
    ui.history);
  ui.modelButton = G.MODERN
    ? picker2026({
      models, efforts: cfg.efforts || [], get: () => ({ model: state.model, effort: state.effort }),
      set: (patch) => { if (patch.model) selectModel(patch.model); if (patch.effort) selectEffort(patch.effort); },
      sliderOnly: !!cfg.sliderOnly, pointerOnly: !!cfg.sliderPointerOnly, coverRow: cfg.coverRow || '',
    })
    : modelMenu({
      models, selected: () => state.model, onSelect: selectModel,
      testid: broken.has('model-switcher') ? 'model-picker' : 'model-switcher-dropdown-button',
    });
  ui.auth = h('div', { class: 'auth-actions' });
  // The 2026-11 trigger sits in the composer form (notes §8).
  ui.header = h('header', { class: 'page-header', id: 'page-header' }, NOV ? null : ui.modelButton, h('div', { class: 'spacer' }), ui.auth);
  ui.threadInner = h('div', { class: 'thread-inner flex flex-col text-sm' });
  ui.thread = h('div', { class: 'thread', id: 'thread' }, ui.threadInner);
  ui.route = h('div', { class: 'route', 'data-route': location.pathname }, ui.thread, buildComposer());
  ui.main = h('main', { class: 'main', id: 'main' }, ui.header, ui.route);
  document.getElementById('__next').append(h('div', { class: 'app' }, ui.sidebar, ui.main));
  ui.thread.addEventListener('click', onThreadClick);
}

function renderAuth() {
  ui.auth.replaceChildren();
  if (!state.loggedIn) {
    ui.auth.append(
      h('button', { type: 'button', class: 'primary', 'data-testid': 'login-button', onclick: () => { location.href = '/auth/login'; } }, 'Log in'),
      h('button', { type: 'button', 'data-testid': 'signup-button', onclick: () => { location.href = '/auth/login'; } }, 'Sign up for free'));
  } else {
    ui.auth.append(h('button', { type: 'button', 'data-testid': 'profile-button', 'aria-label': 'Open profile menu', class: 'profile' }, 'MU'));
  }
  renderEmptyState();
}

function renderEmptyState() {
  const old = $('.empty-state', ui.threadInner);
  if (state.turns.length || state.conversationId) { if (old) old.remove(); return; }
  const e = state.loggedIn
    ? h('div', { class: 'empty-state' }, h('h1', { text: 'What can I help with?' }))
    : h('div', { class: 'empty-state' }, h('h1', { text: 'ChatGPT' }),
      h('p', { text: 'Log in to get answers based on saved chats, plus create images and upload files.' }));
  if (old) old.replaceWith(e); else ui.threadInner.prepend(e);
}

// loadHistory fills the sidebar; like any background fetch it may be cut
// off by a navigation, which is not an error.
async function loadHistory() {
  if (!state.loggedIn) return;
  try {
    const res = await api('/backend-api/conversations?offset=0&limit=28&order=updated', { noRetry: true });
    if (!res.ok) return;
    const j = await res.json();
    ui.history.replaceChildren(...j.items.map((c) => h('a', { href: '/c/' + c.id, 'data-history-item': c.id, text: c.title })));
  } catch (e) {
    // The page is going away or the server is gone.
  }
}

// ------------------------------------------------------------ composer

let view = null;

function buildComposer() {
  const nodes = PM.basicSchema.spec.nodes;
  const schema = new PM.Schema({
    nodes: {
      doc: { content: 'paragraph+' },
      paragraph: nodes.get('paragraph'),
      text: nodes.get('text'),
      hard_break: nodes.get('hard_break'),
    },
  });
  const placeholder = new PM.Plugin({
    props: {
      decorations(st) {
        const d = st.doc;
        if (d.childCount === 1 && d.firstChild.content.size === 0) {
          return PM.DecorationSet.create(d, [PM.Decoration.node(0, d.firstChild.nodeSize,
            { class: 'placeholder', 'data-placeholder': G.UNITS ? T('placeholder') : 'Ask anything', 'data-empty-paragraph': G.UNITS ? '' : null })]);
        }
        return null;
      },
    },
  });
  const mount = h('div', G.editorMountAttrs(broken.has('composer')));
  const editorState = PM.EditorState.create({
    schema,
    plugins: [
      PM.history(),
      PM.keymap({
        'Enter': () => { submitFromComposer(); return true; },
        'Shift-Enter': PM.splitBlock,
        'Mod-z': PM.undo, 'Mod-Shift-z': PM.redo, 'Mod-y': PM.redo,
      }),
      PM.keymap(PM.baseKeymap),
      placeholder,
    ],
  });
  view = new PM.EditorView({ mount }, {
    state: editorState,
    attributes: G.editorAttrs(),
    handlePaste: onPaste,
    dispatchTransaction(tr) {
      view.updateState(view.state.apply(tr));
      if (tr.docChanged) onComposerChange();
    },
  });
  ui.hiddenTextarea = h('textarea', { name: 'prompt-textarea', class: 'hidden', tabindex: '-1', placeholder: 'Ask anything', 'aria-hidden': 'true', style: 'display:none' });
  ui.attachments = h('div', { class: 'attachments', id: 'composer-attachments' });
  // The 2026-09 page's inputs have no ids (notes §7): photos or videos,
  // photos, and files (no accept), in that order.
  ui.uploadFiles = h('input', { type: 'file', id: G.UNITS ? null : (broken.has('upload') ? 'file-input' : 'upload-files'), 'aria-label': G.UNITS ? T('attachFiles') : null, multiple: true, tabindex: '-1', class: 'hidden' });
  ui.uploadPhotos = h('input', { type: 'file', id: G.UNITS ? null : 'upload-photos', 'aria-label': G.UNITS ? T('attachPhotos') : null, accept: 'image/*', multiple: true, tabindex: '-1', class: 'hidden' });
  ui.uploadMedia = G.UNITS ? h('input', { type: 'file', 'aria-label': T('attachMedia'), accept: 'image/*,video/*', multiple: true, tabindex: '-1', class: 'hidden' }) : null;
  for (const input of [ui.uploadFiles, ui.uploadPhotos, ui.uploadMedia].filter(Boolean)) {
    input.addEventListener('change', () => {
      for (const f of input.files) addAttachment(f);
      input.value = '';
    });
  }
  ui.trailing = h('div', { class: 'composer-trailing', id: 'composer-trailing' });
  ui.submit = h('button', { class: 'composer-submit-btn' });
  ui.submit.addEventListener('click', (e) => {
    e.preventDefault();
    if (cfg.coverComposer && !e.isTrusted) return; // a real press only
    if (ui.submit.dataset.mode === 'stop') stopStreaming();
    else if (ui.submit.dataset.mode === 'voice') startVoice();
    else submitFromComposer();
  });
  ui.voice = G.UNITS ? ui.submit : h('button', { type: 'button', class: 'voice-button', 'data-testid': 'composer-speech-button', 'aria-label': 'Start voice mode', onclick: startVoice }, '◉');
  ui.form = h('form', Object.assign({ class: 'composer', onsubmit: (e) => { e.preventDefault(); submitFromComposer(); } }, G.formAttrs()),
    ui.attachments,
    h('div', { class: 'composer-row' },
      h('button', { type: 'button', class: 'plus-button', 'data-testid': 'composer-plus-btn', 'aria-label': G.UNITS ? T('addFiles') : 'Add photos & files', onclick: () => ui.uploadFiles.click() }, '+'),
      h('div', { class: 'composer-editor' }, ui.hiddenTextarea, view.dom),
      NOV ? ui.modelButton : null,
      ui.trailing),
    G.modeSwitch(state.work, (w) => { state.work = w; }),
    ui.uploadMedia, ui.uploadPhotos, ui.uploadFiles);
  renderSubmit();
  return h('div', { class: 'composer-wrap', id: 'thread-bottom' }, ui.form,
    h('div', { class: 'disclaimer', text: 'ChatGPT can make mistakes. Check important info.' }));
}

// composerText is the editor's text: one line per paragraph.
function composerText() {
  const lines = [];
  view.state.doc.forEach((p) => {
    let s = '';
    p.forEach((n) => { s += n.isText ? n.text : (n.type.name === 'hard_break' ? '\n' : ''); });
    lines.push(s);
  });
  return lines.join('\n');
}

function clearComposer() {
  const st = view.state;
  view.dispatch(st.tr.delete(0, st.doc.content.size));
}

function onComposerChange() {
  ui.hiddenTextarea.value = composerText();
  renderSubmit();
}

function onPaste(_view, event) {
  const data = event.clipboardData;
  if (!data) return false;
  if (data.files && data.files.length) {
    for (const f of data.files) addAttachment(f);
    return true;
  }
  const text = data.getData('text/plain');
  if (text && text.length > cfg.pasteThreshold) {
    addAttachment(new File([text], 'pasted-text.txt', { type: 'text/plain' }), true);
    return true;
  }
  return false;
}

// renderSubmit shows the voice button for an empty composer, the send
// button with text or files (disabled while an upload runs), and the same
// button as the stop button while a reply streams.
function renderSubmit() {
  const uploading = state.attachments.some((a) => a.status === 'uploading');
  const files = state.attachments.some((a) => a.status === 'done');
  const text = composerText().trim() !== '';
  let mode = 'voice';
  if (state.streaming) mode = 'stop';
  else if (text || files || uploading) mode = 'send';
  const disabled = mode === 'send' && (uploading || !(text || files));
  const b = ui.submit;
  if (b.dataset.mode !== mode) {
    b.dataset.mode = mode;
    G.buttonState(b, mode, broken);
  }
  if (b.disabled !== disabled) b.disabled = disabled;
  const want = mode === 'voice' ? ui.voice : ui.submit;
  if (ui.trailing.firstChild !== want || ui.trailing.childNodes.length !== 1) ui.trailing.replaceChildren(want);
}

// startVoice is what the voice button does; the 2026-09 page's primary
// button does it when clicked with an empty composer.
function startVoice() {
  state.voiceStarts = (state.voiceStarts || 0) + 1;
  document.documentElement.setAttribute('data-mock-voice-starts', String(state.voiceStarts));
  toast('Voice mode is not available in the mock.');
}

// ------------------------------------------------------------ attachments

function addAttachment(file, pasted) {
  const a = { file, name: file.name, size: file.size, mime: file.type || 'application/octet-stream', status: 'uploading', pasted: !!pasted };
  const n = state.attachments.length + 1;
  const vars = { n, name: a.name };
  const remove = G.UNITS ? T(a.pasted ? 'removePasted' : 'removeFile', vars)
    : G.MODERN ? (a.pasted ? 'Remove Pasted text ' + n : 'Remove file ' + n + ': ' + a.name) : 'Remove file';
  a.progress = h('div', { role: 'progressbar', class: 'upload-progress', 'aria-label': G.UNITS ? T('uploading') : 'Uploading' });
  a.chip = h('div', { class: 'attachment-chip', role: 'group', 'aria-label': a.name, 'aria-busy': 'true', 'data-testid': 'attachment-uploading' },
    h('div', { class: 'file-info' }, h('div', { class: 'file-name', text: a.name }),
      h('div', { class: 'file-type', text: a.pasted ? 'Pasted text' : (a.mime.startsWith('image/') ? 'Image' : 'File') })),
    a.progress,
    h('button', { type: 'button', 'aria-label': remove, onclick: () => removeAttachment(a) }, '×'));
  ui.attachments.append(a.chip);
  state.attachments.push(a);
  renderSubmit();
  const fd = new FormData();
  fd.append('file', file, file.name);
  fd.append('use_case', 'my_files');
  api('/backend-api/files', { method: 'POST', body: fd }).then(async (res) => {
    if (!res.ok) throw new Error('upload failed: ' + res.status);
    const j = await res.json();
    a.fileId = j.file_id;
    a.status = 'done';
    a.progress.remove();
    a.chip.removeAttribute('aria-busy');
    a.chip.setAttribute('data-testid', (a.mime.startsWith('image/') ? 'image' : 'file') + '-file-thumbnail');
  }).catch(() => {
    a.status = 'error';
    a.progress.remove();
    a.chip.removeAttribute('aria-busy');
    a.chip.setAttribute('data-testid', 'attachment-error');
    $('.file-type', a.chip).textContent = 'Upload failed';
  }).finally(() => { if (state.attachments.includes(a)) renderSubmit(); });
}

function removeAttachment(a) {
  state.attachments = state.attachments.filter((x) => x !== a);
  a.chip.remove();
  renderSubmit();
}

// ------------------------------------------------------------ thread

function newTurn(role) {
  renderEmptyState();
  const index = state.turns.length + 1;
  const { el: article, unit, mount } = G.turnElement(role, index, broken.has('conversation-turn') ? 'chat-turn-' : 'conversation-turn-', ui.threadInner, broken.has('message'));
  const turn = { index, role, article, unit, placeholder: null, mounted: true };
  article._turn = turn;
  state.turns.push(turn);
  if (mount) ui.threadInner.append(mount);
  virtualize();
  return turn;
}

function removeTurn(turn) {
  if (turn !== state.turns[state.turns.length - 1]) return;
  state.turns.pop();
  const el = turn.unit || turn.article;
  const group = el.parentElement;
  el.remove();
  if (group && group !== ui.threadInner && !group.childElementCount) group.remove();
}

function messageDiv(role, id, slug) {
  const attrs = G.messageAttrs(role, id, slug, broken.has('message'));
  attrs.class = 'message min-h-8 text-message relative flex w-full flex-col gap-2 text-start break-words whitespace-normal';
  return h('div', attrs);
}

function userTurn(msg) {
  const turn = newTurn('user');
  const div = messageDiv('user', msg.id);
  if (msg.attachments && msg.attachments.length) {
    div.append(h('div', { class: 'user-attachments' }, msg.attachments.map((a) =>
      h('div', { class: 'attachment-chip', 'data-testid': 'file-thumbnail-sent' }, h('div', { class: 'file-name', text: a.name })))));
  }
  div.append(G.userBubble(msg.text));
  turn.article.append(div);
  G.addUnitID(turn.unit, msg.id);
  scrollToBottom(true);
  return turn;
}

// An assistant view is the live state of one assistant turn.
const THINKING = G.UNITS ? T('thinking') : 'Thinking';
// POLICY_NOTICE replaces a reply the content policy blocked.
const POLICY_NOTICE = 'This content may violate our usage policies.';

function assistantView(turn) {
  const status = h('div', { class: 'thinking-status' }, h('span', { class: 'shimmer', text: THINKING }));
  turn.article.append(status);
  return { turn, status, messages: new Map(), main: null, started: performance.now() };
}

function resetAssistantView(av) {
  for (const el of [...av.turn.article.children]) if (!el.classList.contains('sr-only')) el.remove();
  av.status = h('div', { class: 'thinking-status' }, h('span', { class: 'shimmer', text: THINKING }));
  av.turn.article.append(av.status);
  av.messages = new Map();
  av.main = null;
  av.commentary = null;
  av.error = null;
  av.complete = false;
  av.blocked = false;
}

function setStatus(av, text, done) {
  if (!av.status) {
    av.status = h('div', { class: 'thinking-status' });
    av.turn.article.prepend(av.status);
    av.turn.article.prepend($('.sr-only', av.turn.article));
  }
  av.status.replaceChildren(done ? h('button', { type: 'button', class: 'thought-toggle', text }) : h('span', { class: 'shimmer', text }));
}

// onMessage handles a message added or changed by the stream (or loaded
// from the conversation document).
function onMessage(av, m) {
  const ct = m.content && m.content.content_type;
  const isMain = isAnswer(m);
  const shown = !(m.metadata && m.metadata.is_visually_hidden_from_conversation);
  if (shown && m.author && m.author.role !== 'user' && m.author.role !== 'system') {
    G.addUnitID(av.turn.unit, m.id, isMain ? m.id : av.main && av.main.msg.id);
  }
  if (!isMain) {
    if (G.MODERN && isCommentary(m)) {
      renderCommentary(av, m);
    } else if (ct === 'thoughts') {
      const t = m.content.thoughts || [];
      setStatus(av, t.length ? 'Thinking · ' + t[t.length - 1].summary : 'Thinking');
    } else if (ct === 'reasoning_recap') {
      setStatus(av, m.content.content || 'Thought for a few seconds', true);
    } else if (m.recipient && m.recipient !== 'all') {
      setStatus(av, 'Searching the web');
    }
    return;
  }
  let v = av.messages.get(m.id);
  if (!v) {
    const md = G.answerRoot();
    let div;
    if (av.commentary && !av.commentary.answered) {
      // The answer joins the message that shows the commentary, after it.
      div = av.commentary.div;
      av.commentary.answered = true;
      av.commentary.wrap.setAttribute('data-streaming-response-status', 'complete');
      G.setMessageID(div, m.id);
      div.append(md);
    } else {
      div = messageDiv('assistant', m.id, m.metadata && m.metadata.model_slug);
      div.append(md);
      av.turn.article.append(div);
    }
    v = { msg: m, div, md, pending: false };
    av.messages.set(m.id, v);
    av.main = v;
    if (av.status && !av.status.querySelector('.thought-toggle')) { av.status.remove(); av.status = null; }
    if (cfg.flashActionBar && !av.flashed) {
      av.flashed = true;
      const bar = actionBar(av);
      av.turn.article.append(bar);
      setTimeout(() => bar.remove(), 150);
    }
  }
  v.msg = m;
  if (m.metadata && m.metadata.model_slug) v.div.setAttribute('data-message-model-slug', m.metadata.model_slug);
  if (m.status === 'in_progress') G.setStreaming(v.md, true);
  scheduleRender(v);
}

// isCommentary: a visible assistant text on the commentary channel (a
// preamble), which the 2026 pages show before the answer.
function isCommentary(m) {
  const ct = m.content && m.content.content_type;
  const md = m.metadata || {};
  return m.author && m.author.role === 'assistant' && (!m.recipient || m.recipient === 'all') && ct === 'text' &&
    (m.channel === 'commentary' || md.is_thinking_preamble_message) && !md.is_visually_hidden_from_conversation;
}

// renderCommentary shows a commentary message in the turn's message, in a
// [data-streaming-response-status] block before the answer.
function renderCommentary(av, m) {
  if (!av.commentary) {
    const div = messageDiv('assistant', m.id, m.metadata && m.metadata.model_slug);
    const { wrap, md } = G.commentaryBlock();
    div.append(wrap);
    if (av.status) { av.status.remove(); av.status = null; }
    av.turn.article.append(div);
    av.commentary = { div, wrap, md, answered: false };
  }
  av.commentary.md.innerHTML = MD.render(messageText(m), {});
}

function scheduleRender(v) {
  if (v.pending) return;
  v.pending = true;
  setTimeout(() => { v.pending = false; renderMessage(v); }, 16);
}

function renderMessage(v) {
  const m = v.msg;
  const text = viewText(v);
  v.md.innerHTML = MD.render(text, { lossy: m.metadata && m.metadata.mock_render === 'lossy' });
  // An image part shows as an image (an image-only reply has no text).
  const images = (m.content.parts || []).filter((p) => p && typeof p === 'object' && p.asset_pointer);
  if (images.length && !v.md.querySelector('img')) {
    for (const p of images) v.md.append(h('img', { alt: '', width: String(p.width || 64), height: String(p.height || 64), 'data-asset': p.asset_pointer, src: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }));
  }
  if (m.status !== 'in_progress') G.setStreaming(v.md, false);
  scrollToBottom(false);
}

function messageText(m) {
  return (m.content.parts || []).filter((p) => typeof p === 'string').join('\n\n');
}

// viewText is a rendered message's text: a continuation that streams only
// its new text follows the text it continues (v.prefix).
function viewText(v) {
  const t = messageText(v.msg);
  return v.prefix && !t.startsWith(v.prefix) ? v.prefix + t : t;
}

// continueButton offers to continue a reply that stopped at the output
// limit (finish_details max_tokens), as ChatGPT's "Continue generating".
function continueButton(av) {
  const words = G.UNITS ? T('continue') : 'Continue generating';
  const b = h('button', { type: 'button', class: 'btn btn-secondary', 'data-testid': G.UNITS ? null : 'continue-generating-button', 'aria-label': words }, words);
  b.addEventListener('click', () => {
    if (state.streaming || !av.main) return;
    av.main.prefix = viewText(av.main);
    for (const el of av.turn.article.querySelectorAll('.turn-actions, [data-testid="continue-generating-button"]')) el.remove();
    runStream(av, (signal) => api('/backend-api/f/conversation', {
      method: 'POST', signal, headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify({ action: 'continue', conversation_id: state.conversationId, parent_message_id: av.main.msg.id, model: state.model, supported_encodings: ['v1'] }),
    }));
  });
  return b;
}

function actionBar(av) {
  const bar = h('div', { class: G.UNITS ? 'turn-actions turn-action-controls' : 'turn-actions', role: 'group', 'aria-label': G.UNITS ? T('actions') : 'Response actions' });
  bar.append(...G.actionButtons(broken.has('copy-button')).filter(Boolean));
  bar._av = av;
  return bar;
}

function finishView(av) {
  for (const v of av.messages.values()) { v.pending = false; renderMessage(v); }
  if (av.status && !av.status.querySelector('.thought-toggle')) { av.status.remove(); av.status = null; }
  if (av.main) av.turn.article.append(actionBar(av));
  const done = av.main && G.completeNotice();
  if (done) { av.turn.article.append(done); setTimeout(() => done.remove(), 3000); }
  const fd = av.main && av.main.msg.metadata && av.main.msg.metadata.finish_details;
  if (fd && fd.type === 'max_tokens' && !broken.has('continue-button')) av.turn.article.append(continueButton(av));
}

function errorCard(av, text, retry) {
  if (av.status) { av.status.remove(); av.status = null; }
  av.turn.article.append(G.errorCard(text, retry ? () => retryLast(av) : null));
  scrollToBottom(true);
}

async function onThreadClick(e) {
  const codeCopy = e.target.closest('[data-code-copy]');
  if (codeCopy) {
    const code = codeCopy.closest('pre').querySelector('code');
    await writeClipboard(code ? code.textContent : '');
    const old = codeCopy.lastChild.textContent;
    codeCopy.lastChild.textContent = 'Copied';
    setTimeout(() => { codeCopy.lastChild.textContent = old; }, 1500);
    return;
  }
  const copy = e.target.closest('.turn-actions .copy');
  if (copy) {
    const av = copy.parentElement._av;
    if (av && av.main) await writeClipboard(MD.copyText(viewText(av.main)));
    const was = copy.getAttribute('aria-label');
    if (was !== null) {
      copy.setAttribute('aria-label', G.UNITS ? T('copied') : 'Copied');
      setTimeout(() => copy.setAttribute('aria-label', was), 1500);
    }
  }
}

async function writeClipboard(text) {
  try { await navigator.clipboard.writeText(text); } catch (err) { toast('Could not copy: ' + err.message); }
}

function scrollToBottom(force) {
  const t = ui.thread;
  if (force || t.scrollHeight - t.scrollTop - t.clientHeight < 200) t.scrollTop = t.scrollHeight;
}

// ------------------------------------------------------------ virtualised thread

const observer = cfg.virtualTurns > 0 ? new IntersectionObserver(onIntersect, { root: null, rootMargin: '200px' }) : null;

function virtualize() {
  if (!observer) return;
  const keep = cfg.virtualTurns;
  state.turns.forEach((t, i) => {
    const old = i < state.turns.length - keep;
    if (old && t.mounted && !t.observed) { t.observed = true; observer.observe(t.article); }
    if (old && t.mounted && !t.visible) unmount(t);
  });
}

function unmount(t) {
  if (!t.placeholder) {
    t.placeholder = h('div', { class: 'virtual-placeholder', 'data-virtual-turn': t.index });
    t.placeholder._turn = t;
  }
  t.placeholder.style.height = Math.max(t.article.offsetHeight, 40) + 'px';
  t.article.replaceWith(t.placeholder);
  t.mounted = false;
  observer.observe(t.placeholder);
}

function onIntersect(entries) {
  for (const e of entries) {
    const t = e.target._turn;
    if (!t) continue;
    const old = state.turns.indexOf(t) < state.turns.length - cfg.virtualTurns;
    t.visible = e.isIntersecting;
    if (e.isIntersecting && !t.mounted) {
      observer.unobserve(t.placeholder);
      t.placeholder.replaceWith(t.article);
      t.mounted = true;
    } else if (!e.isIntersecting && t.mounted && old && e.target === t.article) {
      unmount(t);
    }
  }
}
// ------------------------------------------------------------ the v1 delta stream

function setConversation(id) {
  if (!id || state.conversationId === id) return;
  if (!state.conversationId && G.UNITS && cfg.frozenCopy) freezeRoute(ui.route, ui.main);
  state.conversationId = id;
  if (location.pathname !== '/c/' + id) history.pushState({}, '', '/c/' + id);
}

// consume reads one stream of the turn into av (whose decoder state goes on
// across the turn's streams); it returns 'done', 'error', 'handoff' (the
// turn goes on elsewhere: av.handoff says where) or 'cut' (no [DONE]).
async function consume(res, av) {
  const st = { result: 'cut' };
  await readSSE(res.body, (name, data) => streamEvent(av, st, name, data));
  return st.result;
}

// streamEvent handles one event of the turn's stream (a response body or
// a WebSocket item); it returns true at [DONE].
function streamEvent(av, st, name, data) {
  if (!av.ds) {
    av.offset = 0;
    av.ds = new DeltaStream((m, convId) => {
      setConversation(convId);
      if (isAnswer(m)) state.leafId = m.id;
      onMessage(av, m);
    }, (m) => onMessage(av, m));
  }
  if (data === '[DONE]') { if (st.result !== 'error') st.result = av.handoff && !av.handoff.taken ? 'handoff' : 'done'; return true; }
  av.offset++;
  if (name === 'delta_encoding') return false;
  let j;
  try { j = JSON.parse(data); } catch (e) { return false; }
  if (name === 'delta') { av.ds.delta(j); return false; }
  if (j.conversation_id) setConversation(j.conversation_id);
  if (j.type === 'input_message' && j.input_message) state.leafId = j.input_message.id;
  else if (j.type === 'title_generation') { document.title = j.title; loadHistory(); }
  else if (j.type === 'message_stream_complete') av.complete = true;
  else if (j.type === 'moderation' && j.moderation_response && j.moderation_response.blocked) av.blocked = true;
  else if (j.type === 'stream_handoff') {
    const opts = j.options || [];
    const ws = opts.find((o) => o.type === 'subscribe_ws_topic');
    av.handoff = { resume: opts.some((o) => o.type === 'resume_sse_endpoint'), topic: ws && ws.topic_id, taken: false };
  } else if (j.type === 'mock_notice' && (j.kind === 'modal' || j.kind === 'rate_limit_modal')) av.modal = j.kind === 'modal' ? 'beacon' : 'rate_limit';
  else if (j.error) { av.error = String(j.error); st.result = 'error'; }
  else if (!j.type && (j.v !== undefined || j.o !== undefined || j.p !== undefined)) av.ds.delta(j);
  return false;
}

// followSocket continues a handed-off turn over the user's WebSocket: the
// topic's stream items (catch-ups and live items overlap: deduplicated by
// stream_item_id) carry the rest of the v1 stream.
function followSocket(av, topic, signal) {
  av.handoff.taken = true;
  return new Promise((resolve) => {
    const seen = new Set();
    const st = { result: 'cut' };
    const end = (r) => { state.socket.unsubscribe(topic); resolve(r); };
    signal.addEventListener('abort', () => end('stopped'));
    state.socket.subscribe(topic, (p, other) => {
      if (p.type === 'conversation-turn-complete' && p.payload && p.payload.conversation_id === state.conversationId && st.result === 'done') end('done');
      if (other || p.type !== 'conversation-turn-stream' || !p.payload || p.payload.type !== 'stream-item') return;
      const item = p.payload;
      if (seen.has(item.stream_item_id)) return;
      seen.add(item.stream_item_id);
      let done = false;
      parseSSEText(item.encoded_item || '', (name, data) => { if (streamEvent(av, st, name, data)) done = true; });
      if (done) end(st.result);
    });
  });
}

// openSocket opens the user's WebSocket, as the real page does before any
// send.
async function openSocket() {
  if (state.socket || !state.loggedIn) return;
  try {
    const res = await api('/backend-api/celsius/ws/user');
    if (!res.ok) return;
    const j = await res.json();
    if (j.websocket_url) state.socket = new UserSocket(j.websocket_url);
  } catch (e) { /* the page works without it until a hand-off */ }
}

// resumeTurn continues the turn as the real page does after a hand-off or a
// cut stream: POST /backend-api/f/conversation/resume with the number of
// events the page already has (0 after a hand-off: see runStream).
function resumeTurn(av, signal) {
  return api('/backend-api/f/conversation/resume', {
    method: 'POST', signal, body: JSON.stringify({ conversation_id: state.conversationId, offset: av.offset || 0 }),
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
  });
}

async function runStream(av, request) {
  const controller = new AbortController();
  state.streaming = { av, controller, stopped: false };
  av.ds = null;
  av.offset = 0;
  av.handoff = null;
  renderSubmit();
  let outcome;
  try {
    const res = await request(controller.signal);
    if (!res.ok) { await httpError(res, av); outcome = 'failed'; } else { outcome = await consume(res, av); }
    if (outcome === 'cut' && cfg.noPageResume) outcome = 'done';
    for (let n = 0; (outcome === 'cut' || outcome === 'handoff') && !state.streaming.stopped; n++) {
      if (n >= 8) { outcome = await recoverFromDocument(av); break; }
      if (outcome === 'handoff' && !av.handoff.resume && av.handoff.topic && state.socket) {
        outcome = await followSocket(av, av.handoff.topic, controller.signal);
        continue;
      }
      if (av.handoff) av.handoff.taken = true;
      // After a completed hand-off the page resumes at offset 0 with a
      // fresh decoder: the server replays the turn from its start (notes
      // §7). A cut stream resumes from the events the page has.
      if (outcome === 'handoff') { av.ds = null; av.offset = 0; }
      if (outcome === 'cut') await sleep(300);
      const r = await resumeTurn(av, controller.signal);
      if (!r.ok) { outcome = await recoverFromDocument(av); break; }
      outcome = await consume(r, av);
    }
  } catch (err) {
    outcome = state.streaming && state.streaming.stopped ? 'stopped' : 'network';
  }
  const stopped = state.streaming && state.streaming.stopped;
  state.streaming = null;
  if (stopped) {
    if (av.main) finishView(av); else removeTurn(av.turn);
  } else if (outcome === 'done') {
    finishView(av);
    if (av.blocked) errorCard(av, POLICY_NOTICE, false);
    if (av.modal) openModal(() => view.focus(), av.modal);
  } else if (outcome === 'error') {
    finishView(av);
    errorCard(av, av.error, true);
  } else if (outcome === 'network') {
    errorCard(av, 'A network error occurred. Please check your connection and try again. If this issue persists please contact us through our help center.', true);
  }
  renderSubmit();
}

async function recoverFromDocument(av) {
  const res = await api('/backend-api/conversation/' + state.conversationId);
  if (!res.ok) return 'network';
  const doc = await res.json();
  const node = doc.mapping[doc.current_node];
  if (node && node.message) { resetAssistantView(av); onMessage(av, node.message); }
  return 'done';
}

async function httpError(res, av) {
  let detail = '';
  const type = res.headers.get('content-type') || '';
  if (type.includes('json')) {
    try { const j = await res.json(); detail = typeof j.detail === 'string' ? j.detail : (j.detail && j.detail.message) || ''; } catch (e) { /* keep empty */ }
  }
  switch (res.status) {
    case 401:
      state.loggedIn = false;
      state.token = null;
      renderAuth();
      errorCard(av, detail || 'Your session has expired. Please log in again.', false);
      openLoginDialog();
      break;
    case 403:
      errorCard(av, 'Unusual activity has been detected from your device. Try again later.', true);
      break;
    case 429:
      errorCard(av, detail || "You've reached your usage limit. Please try again later.", true);
      break;
    default:
      errorCard(av, detail || 'Something went wrong. If this issue persists please contact us through our help center.', true);
  }
}

function postMessage(av, action, msg) {
  return runStream(av, (signal) => {
    const body = {
      action,
      messages: [{
        id: msg.id, author: { role: 'user' }, create_time: Date.now() / 1000,
        content: { content_type: 'text', parts: [msg.text] },
        metadata: { attachments: msg.attachments, selected_github_repos: [], serialization_metadata: { custom_symbol_offsets: [] } },
      }],
      parent_message_id: msg.parentId,
      model: state.work ? state.model + "-wm" : state.model,
      timezone_offset_min: new Date().getTimezoneOffset(),
      conversation_mode: { kind: 'primary_assistant' },
      supports_buffering: true,
      supported_encodings: ['v1'],
    };
    if (G.MODERN) body.thinking_effort = state.effort;
    if (state.conversationId) body.conversation_id = state.conversationId;
    return api('/backend-api/f/conversation', {
      method: 'POST', signal, body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    });
  });
}

function submitFromComposer() {
  if (state.streaming || modalOpen()) return;
  if (state.attachments.some((a) => a.status === 'uploading')) return;
  let text = composerText();
  const files = state.attachments.filter((a) => a.status === 'done');
  if (!text.trim() && !files.length) return;
  if (cfg.truncateAt > 0 && text.length > cfg.truncateAt) text = text.slice(0, cfg.truncateAt);
  clearComposer();
  for (const a of state.attachments) a.chip.remove();
  state.attachments = [];
  const msg = {
    id: uuid(), text, parentId: state.leafId,
    attachments: files.map((a) => ({ id: a.fileId, name: a.name, size: a.size, mime_type: a.mime })),
  };
  state.lastUser = msg;
  userTurn(msg);
  const av = assistantView(newTurn('assistant'));
  postMessage(av, 'next', msg);
}

function retryLast(av) {
  if (state.streaming || !state.lastUser) return;
  resetAssistantView(av);
  postMessage(av, 'variant', state.lastUser);
}

function stopStreaming() {
  const st = state.streaming;
  if (!st) return;
  st.stopped = true;
  st.controller.abort();
  if (state.conversationId) {
    api('/backend-api/f/conversation/' + state.conversationId + '/stop', { method: 'POST' }).catch(() => {});
  }
}

// ------------------------------------------------------------ loading a conversation

async function loadConversation(id) {
  let res, doc;
  try {
    res = await api('/backend-api/conversation/' + id);
    if (res.ok) doc = await res.json();
  } catch (e) {
    return; // cut off by a navigation
  }
  if (!res.ok) {
    const text = res.status === 404 ? 'Unable to load conversation ' + id + '.'
      : res.status === 401 ? 'Log in to see this conversation.'
        : 'Unusual activity has been detected from your device. Try again later.';
    ui.threadInner.append(h('div', { class: 'error-card', role: 'alert' }, h('div', { class: 'text-token-text-error', text })));
    return;
  }
  document.title = doc.title;
  const chain = [];
  for (let id2 = doc.current_node; id2 && doc.mapping[id2];) {
    const n = doc.mapping[id2];
    if (n.message) chain.push(n.message);
    id2 = n.parent;
  }
  chain.reverse();
  let av = null;
  let userMsg = null;
  for (const m of chain) {
    if (m.author.role === 'system' || (m.metadata && m.metadata.is_visually_hidden_from_conversation)) continue;
    if (m.author.role === 'user') {
      if (av) finishView(av);
      av = null;
      userMsg = { id: m.id, text: messageText(m), attachments: (m.metadata && m.metadata.attachments) || [], parentId: m.metadata && m.metadata.parent_id };
      userTurn(userMsg);
      continue;
    }
    if (!av) { av = assistantView(newTurn('assistant')); }
    onMessage(av, m);
  }
  state.leafId = doc.current_node;
  state.lastUser = userMsg;
  const last = chain[chain.length - 1];
  const generating = last && (last.author.role === 'user' || last.status === 'in_progress' ||
    (last.author.role !== 'assistant' || last.recipient !== 'all' || last.content.content_type !== 'text'));
  if (generating && last.author.role !== 'system') {
    if (!av) av = assistantView(newTurn('assistant'));
    else resetAssistantView(av);
    runStream(av, (signal) => resumeTurn(av, signal));
  } else if (av) {
    finishView(av);
  }
  scrollToBottom(true);
}

function selectModel(slug) {
  state.model = slug;
  localStorage.setItem(storageKey('model'), slug);
}

function selectEffort(effort) {
  state.effort = effort;
  localStorage.setItem(storageKey('effort'), effort);
}

// coverComposer shows a non-modal pop-up over the composer form (a "new
// feature" tip): it closes on Escape or its one button, and says so on
// <html data-mock-cover-closed>.
function coverComposer() {
  const r = ui.form.getBoundingClientRect();
  const tip = h('div', { role: 'dialog', class: 'popover tip', style: `position: fixed; left: ${r.left - 8}px; top: ${r.top - 8}px; width: ${r.width + 16}px; height: ${r.height + 16}px; z-index: 40; background: #ffd;` },
    h('div', { text: T('tip') }), h('button', { type: 'button', text: '×' }));
  const close = () => { tip.remove(); document.removeEventListener('keydown', onKey, true); document.documentElement.setAttribute('data-mock-cover-closed', 'true'); };
  const onKey = (e) => { if (e.key === 'Escape') close(); };
  tip.querySelector('button').addEventListener('click', close);
  document.addEventListener('keydown', onKey, true);
  document.body.append(tip);
}

// ------------------------------------------------------------ boot

buildLayout();
renderAuth();
if (cfg.coverComposer) coverComposer();
window.addEventListener('popstate', () => location.reload());
sessionLoad.then(() => {
  renderAuth();
  loadHistory();
  openSocket();
  if (state.conversationId) loadConversation(state.conversationId);
  if (G.UNITS && cfg.hiddenRoutes > 0) mountHiddenRoutes(ui.main, ui.route, state.conversationId, cfg.hiddenRoutes, api);
});
view.focus();
