// The parts of the page that differ between its generations (CONTRACT.md
// "Generations"): the turn and message elements, the answer root, the
// commentary block, the action bar, the composer's attributes and the
// primary button's states. app.js builds the page through these; the
// generation is fixed per page load (dom.js GEN).

import { h, GEN, uuid } from './dom.js';

// MODERN pages (2026-06 and 2026-09) show commentary before the answer.
export const MODERN = GEN !== '2025';
// UNITS: the 2026-09 page's message units, no testids.
export const UNITS = GEN === '2026-09';

// turnElement returns one turn's element and what to mount in the thread
// (null when it joins a group already there). 2025: an article; 2026-06:
// a section in div[data-turn-id-container]; 2026-09: a message unit
// [data-content-search-unit-key="<turn>:<index>:<role>"] in the exchange's
// [data-turn-key] group (data-unit-key when the message locator is broken).
export function turnElement(role, index, testid, thread, brokenMessage) {
  const common = { 'data-turn': role, dir: 'auto', tabindex: '-1', class: 'turn turn-' + role };
  if (GEN === '2025') {
    const el = h('article', Object.assign({ 'data-testid': testid + index, 'data-scroll-anchor': 'false' }, common), heading(role));
    return { el, mount: el };
  }
  if (GEN === '2026-06') {
    const el = h('section', Object.assign({ 'data-testid': testid + index, 'data-turn-id': uuid(), 'data-scroll-anchor': 'false' }, common), heading(role));
    return { el, mount: h('div', { 'data-turn-id-container': '' }, el) };
  }
  let group = thread.lastElementChild;
  let mount = null;
  if (role === 'user' || !group || !group.hasAttribute('data-turn-key') || group.childElementCount !== 1) {
    group = h('div', { 'data-turn-key': uuid(), class: 'turn-group' });
    mount = group;
  }
  const key = group.getAttribute('data-turn-key') + ':' + group.childElementCount + ':' + role;
  const el = h('div', Object.assign({ [brokenMessage ? 'data-unit-key' : 'data-content-search-unit-key']: key }, common), heading(role));
  group.append(el);
  return { el, mount };
}

function heading(role) {
  if (UNITS) return h('h4', { class: 'sr-only', 'data-conversation-role': role, text: role === 'user' ? 'You said:' : 'ChatGPT said:' });
  return h(role === 'user' ? 'h5' : 'h6', { class: 'sr-only', text: role === 'user' ? 'You said:' : 'ChatGPT said:' });
}

// messageAttrs are a message element's attributes (the 2026-09 page names
// neither the role nor the model on it). A broken message locator gives
// data-role and data-id instead.
export function messageAttrs(role, id, slug, broken) {
  if (UNITS) return broken ? { 'data-role': role, 'data-id': id } : { 'data-chatgpt-selection-message-id': id };
  const attrs = broken ? { 'data-role': role, 'data-id': id } : { 'data-message-author-role': role, 'data-message-id': id };
  if (slug) attrs['data-message-model-slug'] = slug;
  return attrs;
}

// setMessageID renames a message element (a commentary-only message that
// now shows the answer).
export function setMessageID(div, id) {
  for (const a of ['data-message-id', 'data-chatgpt-selection-message-id', 'data-id']) {
    if (div.hasAttribute(a)) div.setAttribute(a, id);
  }
}

// userBubble wraps the user's text.
export function userBubble(text) {
  const inner = h('div', { class: 'whitespace-pre-wrap', text });
  return UNITS ? h('div', { class: 'user-message-bubble-color', 'data-user-message-bubble': '' }, inner) : h('div', { class: 'user-message-bubble-color' }, inner);
}

// answerRoot is the element the answer's markdown renders into.
export function answerRoot() {
  if (UNITS) return h('div', { class: 'prose w-full break-words', 'data-markdown-text-style': 'assistant-message' });
  return h('div', { class: 'markdown prose dark:prose-invert w-full break-words light markdown-new-styling' });
}

// setStreaming marks an answer root as streaming or done.
export function setStreaming(md, on) {
  if (UNITS) { if (on) md.setAttribute('data-markdown-animated', ''); else md.removeAttribute('data-markdown-animated'); return; }
  md.classList.toggle('result-streaming', on);
}

// commentaryBlock is where a commentary message renders: a
// [data-streaming-response-status] block holding a root of the answer's
// kind (so only its place tells it from the answer).
export function commentaryBlock() {
  const md = answerRoot();
  const wrap = h('div', { class: 'commentary', 'data-streaming-response-status': 'streaming' }, md);
  return { wrap, md };
}

// actionButtons are the finished turn's action bar buttons. A broken copy
// locator drops the copy button's testid (2025, 2026-06) or its label
// (2026-09, where the label is all that names it).
export function actionButtons(brokenCopy) {
  if (UNITS) {
    return [
      h('button', { type: 'button', 'aria-label': brokenCopy ? null : 'Copy', class: 'copy' }, 'Copy'),
      h('button', { type: 'button', 'aria-label': 'Rate response' }, '▲'),
      h('button', { type: 'button', 'aria-label': 'Regenerate response' }, '↻'),
      h('button', { type: 'button', 'aria-label': 'More actions', 'aria-haspopup': 'menu' }, '…'),
    ];
  }
  return [
    h('button', { type: 'button', 'data-testid': brokenCopy ? 'copy-action' : 'copy-turn-action-button', 'aria-label': 'Copy', 'data-state': 'closed', class: 'copy' }, 'Copy'),
    h('button', { type: 'button', 'data-testid': 'good-response-turn-action-button', 'aria-label': 'Good response' }, '▲'),
    h('button', { type: 'button', 'data-testid': 'bad-response-turn-action-button', 'aria-label': 'Bad response' }, '▼'),
    h('button', { type: 'button', 'aria-label': 'Share' }, 'Share'),
    h('button', { type: 'button', 'aria-label': 'More actions', 'aria-haspopup': 'menu' }, '…'),
  ];
}

// errorCard is an error or limit card in the assistant turn, with a Retry
// button when onRetry is set. 2025 and 2026-06: the error-token classes
// and the regenerate-thread-error-button testid. 2026-09 (an inference: no
// capture of its error card exists): a bare [role=alert] holding the text
// and an unlabelled button, no testid and no error classes.
export function errorCard(text, onRetry) {
  const card = UNITS
    ? h('div', { class: 'error-card', role: 'alert' }, h('div', { text }))
    : h('div', { class: 'error-card border-token-border-error bg-token-surface-error/15' }, h('div', { class: 'text-token-text-error', text }));
  if (onRetry) {
    const b = h('button', { type: 'button', class: 'btn btn-secondary', 'data-testid': 'regenerate-thread-error-button' }, 'Retry');
    b.addEventListener('click', onRetry);
    card.append(b);
  }
  return card;
}

// completeNotice is the 2026-09 page's live "Response complete" status.
export function completeNotice() {
  return UNITS ? h('div', { role: 'status', 'aria-live': 'polite', class: 'sr-only', text: 'Response complete' }) : null;
}

// editorMountAttrs and editorAttrs are the composer's attributes.
export function editorMountAttrs(broken) {
  return UNITS ? {} : { id: broken ? 'composer-input' : 'prompt-textarea' };
}
export function editorAttrs() {
  const a = { role: 'textbox', 'aria-multiline': 'true', translate: 'no', 'data-virtualkeyboard': 'true' };
  a['aria-label'] = UNITS ? 'Ask ChatGPT' : 'Chat with ChatGPT';
  return a;
}
export function formAttrs() {
  return UNITS ? { 'data-chatgpt-composer': '' } : { id: 'composer-form', 'data-type': 'unified-composer' };
}

// buttonState sets the primary button's attributes for mode (send, stop,
// and on the 2026-09 page voice: one element cycles through all three).
export function buttonState(b, mode, broken) {
  for (const a of ['id', 'data-testid', 'aria-label', 'type']) b.removeAttribute(a);
  if (UNITS) {
    b.type = mode === 'send' ? 'submit' : 'button';
    b.setAttribute('aria-label', { voice: 'Start voice mode', send: 'Send prompt', stop: 'Stop' }[mode]);
    b.textContent = { voice: '◉', send: '↑', stop: '■' }[mode];
    return;
  }
  if (!broken.has('send-button')) b.id = 'composer-submit-button';
  if (mode === 'send') {
    b.type = 'submit';
    b.setAttribute('data-testid', broken.has('send-button') ? 'composer-send' : 'send-button');
    b.setAttribute('aria-label', 'Send prompt');
    b.textContent = '↑';
  } else if (mode === 'stop') {
    b.type = 'button';
    b.setAttribute('data-testid', broken.has('stop-button') ? 'composer-stop' : 'stop-button');
    b.setAttribute('aria-label', 'Stop streaming');
    b.textContent = '■';
  }
}

// modeSwitch is the 2026-09 page's Chat/Work switch (null elsewhere);
// onChange(work) is called on a change.
export function modeSwitch(work, onChange) {
  if (!UNITS) return null;
  const group = h('div', { role: 'group', 'aria-label': 'Composer mode', class: 'mode-switch' });
  const chat = h('button', { type: 'button', 'aria-pressed': String(!work) }, 'Chat');
  const workB = h('button', { type: 'button', 'aria-pressed': String(work) }, 'Work');
  const set = (w) => { chat.setAttribute('aria-pressed', String(!w)); workB.setAttribute('aria-pressed', String(w)); onChange(w); };
  chat.addEventListener('click', () => set(false));
  workB.addEventListener('click', () => set(true));
  group.append(chat, workB);
  return group;
}
