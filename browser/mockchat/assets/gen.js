// The parts of the page that differ between its generations (CONTRACT.md
// "Generations"): the turn and message elements, the answer root, the
// commentary block, the action bar, the composer's attributes and the
// primary button's states. app.js builds the page through these; the
// generation is fixed per page load (dom.js GEN).

import { h, GEN, CFG, T, uuid } from './dom.js';

// MODERN pages (2026-06 and 2026-09) show commentary before the answer.
export const MODERN = GEN !== '2025';
// UNITS: the 2026-09 page's message units, no testids (2026-11 too).
export const UNITS = GEN === '2026-09' || GEN === '2026-11';

// turnElement returns one turn's element, the unit to remove with it and
// what to mount in the thread (null when it joins a group already there).
// 2025: an article; 2026-06: a section in div[data-turn-id-container];
// 2026-09: a unit [data-chatgpt-search-unit-key="<turn>:<index>:<role>"]
// wrapping a unit [data-content-search-unit-key] of the same key (the
// element returned), in the exchange's [data-turn-key] group
// (data-unit-key when the message locator is broken). With a window
// (Options.Window) the oldest group's nodes are recycled for a new
// exchange once the window is full.
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
  let pool = [];
  if (role === 'user' || !group || !group.hasAttribute('data-turn-key') || group.childElementCount !== 1) {
    const groups = thread.querySelectorAll(':scope > [data-turn-key]');
    if (CFG.window > 0 && groups.length >= CFG.window) {
      group = groups[0];
      pool = Array.from(group.children);
      group.replaceChildren();
      group.setAttribute('data-turn-key', uuid());
    } else {
      group = h('div', { 'data-turn-key': uuid(), class: 'turn-group' });
    }
    mount = group;
    group._pool = pool;
  }
  const key = group.getAttribute('data-turn-key') + ':' + group.childElementCount + ':' + role;
  const innerKey = brokenMessage ? 'data-unit-key' : 'data-content-search-unit-key';
  const el = h('div', Object.assign({ [innerKey]: key }, common), heading(role));
  let unit = (group._pool || []).shift();
  if (unit) {
    for (const a of Array.from(unit.attributes)) unit.removeAttribute(a.name);
    unit.replaceChildren();
  } else {
    unit = document.createElement('div');
  }
  unit.className = 'search-unit';
  unit.setAttribute(brokenMessage ? 'data-search-unit' : 'data-chatgpt-search-unit-key', key);
  unit.append(el);
  group.append(unit);
  return { el, unit, mount };
}

// addUnitID lists a message id on the 2026-09 unit (its
// data-chatgpt-search-message-ids: a user unit's only id; an assistant
// unit lists each message of its turn, the reply last).
// replyID, when set, is the reply's id, which stays last.
export function addUnitID(unit, id, replyID) {
  if (!UNITS || !unit || !id) return;
  const ids = (unit.getAttribute('data-chatgpt-search-message-ids') || '').split(' ').filter(Boolean);
  if (id === replyID) {
    if (ids[ids.length - 1] === id) return;
    if (ids.includes(id)) ids.splice(ids.indexOf(id), 1);
    ids.push(id);
  } else if (ids.includes(id)) {
    return;
  } else if (replyID && ids.includes(replyID)) {
    ids.splice(ids.indexOf(replyID), 0, id);
  } else {
    ids.push(id);
  }
  unit.setAttribute('data-chatgpt-search-message-ids', ids.join(' '));
}

function heading(role) {
  if (UNITS) return h('h4', { class: 'sr-only', 'data-conversation-role': role, text: T(role === 'user' ? 'youSaid' : 'assistantSaid') });
  return h(role === 'user' ? 'h5' : 'h6', { class: 'sr-only', text: role === 'user' ? 'You said:' : 'ChatGPT said:' });
}

// messageAttrs are a message element's attributes (the 2026-09 page names
// neither the role nor the model on it, and a user message not even its
// id: that is only on its unit). A broken message locator gives data-role
// and data-id instead.
export function messageAttrs(role, id, slug, broken) {
  if (UNITS) {
    if (broken) return { 'data-role': role, 'data-id': id };
    return role === 'user' ? {} : { 'data-chatgpt-selection-message-id': id };
  }
  const attrs = broken ? { 'data-role': role, 'data-id': id } : { 'data-message-author-role': role, 'data-message-id': id };
  if (slug) attrs['data-message-model-slug'] = slug;
  return attrs;
}

// setMessageID renames a message element (a commentary-only message that
// now shows the answer). The 2026-09 page keeps the selection id of the
// message the unit began with: its unit lists the reply's id last.
export function setMessageID(div, id) {
  if (UNITS && div.hasAttribute('data-chatgpt-selection-message-id')) return;
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
// locator drops the copy button's testid (2025, 2026-06) or, on the
// 2026-09 page (where only its place, first in the bar, names it), its
// label and its place: a Share button comes first.
export function actionButtons(brokenCopy) {
  if (UNITS) {
    return [
      brokenCopy ? h('button', { type: 'button', 'aria-label': 'Share' }, '⇪') : null,
      h('button', { type: 'button', 'aria-label': brokenCopy ? null : T('copy'), class: 'copy' }, T('copy')),
      h('button', { type: 'button', 'aria-label': T('rate') }, '▲'),
      h('button', { type: 'button', 'aria-label': T('regenerate') }, '↻'),
      h('button', { type: 'button', 'aria-label': T('more'), 'aria-haspopup': 'menu' }, '…'),
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
    const b = h('button', { type: 'button', class: 'btn btn-secondary', 'data-testid': 'regenerate-thread-error-button' }, UNITS ? T('retry') : 'Retry');
    b.addEventListener('click', onRetry);
    card.append(b);
  }
  return card;
}

// completeNotice is the 2026-09 page's live "Response complete" status.
export function completeNotice() {
  return UNITS ? h('div', { role: 'status', 'aria-live': 'polite', class: 'sr-only', text: T('complete') }) : null;
}

// editorMountAttrs and editorAttrs are the composer's attributes.
export function editorMountAttrs(broken) {
  return UNITS ? {} : { id: broken ? 'composer-input' : 'prompt-textarea' };
}
export function editorAttrs() {
  const a = { role: 'textbox', 'aria-multiline': 'true', translate: 'no', 'data-virtualkeyboard': 'true' };
  a['aria-label'] = UNITS ? T('composer') : 'Chat with ChatGPT';
  return a;
}
export function formAttrs() {
  return UNITS ? { 'data-chatgpt-composer': '' } : { id: 'composer-form', 'data-type': 'unified-composer' };
}

// buttonState sets the primary button's attributes for mode (send, stop,
// and on the 2026-09 page voice: one element cycles through all three; it
// is the form's submit control only while the composer holds text). A
// broken send button on the 2026-09 page is no submit control and has no
// label: nothing on the page names it as the send control.
export function buttonState(b, mode, broken) {
  for (const a of ['id', 'data-testid', 'aria-label', 'type']) b.removeAttribute(a);
  if (UNITS) {
    const lost = mode === 'send' && broken.has('send-button');
    b.type = mode === 'send' && !lost ? 'submit' : 'button';
    if (!lost) b.setAttribute('aria-label', T(mode));
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
  const group = h('div', { role: 'group', 'aria-label': T('modeGroup'), class: 'mode-switch' });
  const chat = h('button', { type: 'button', 'aria-pressed': String(!work) }, T('chat'));
  const workB = h('button', { type: 'button', 'aria-pressed': String(work) }, T('work'));
  const set = (w) => { chat.setAttribute('aria-pressed', String(!w)); workB.setAttribute('aria-pressed', String(w)); onChange(w); };
  chat.addEventListener('click', () => set(false));
  workB.addEventListener('click', () => set(true));
  group.append(chat, workB);
  return group;
}
