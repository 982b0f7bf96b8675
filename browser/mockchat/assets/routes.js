// The 2026-09 app shell's extra copies of routes (CONTRACT.md
// "Generations"): visited routes stay mounted, hidden (display:none
// siblings of the shown route), and after a new chat's redirect a
// zero-size frozen copy of the new-chat route, with its own Stop, can
// stay. Both hold units, composers and buttons like the shown route's:
// only the shown route is the conversation.

import { h, T } from './dom.js';
import * as G from './gen.js';

const MD = window.MockMarkdown;

// mountHiddenRoutes mounts up to n other conversations (the newest) as
// hidden routes around the shown one, alternately before and after it.
export async function mountHiddenRoutes(main, shown, currentID, n, api) {
  let items;
  try {
    const res = await api('/backend-api/conversations?offset=0&limit=28&order=updated', { noRetry: true });
    if (!res.ok) return;
    items = (await res.json()).items.filter((c) => c.id !== currentID).slice(0, n);
  } catch (e) {
    return; // cut off by a navigation
  }
  let i = 0;
  for (const c of items) {
    let doc;
    try {
      const res = await api('/backend-api/conversation/' + c.id, { noRetry: true });
      if (!res.ok) continue;
      doc = await res.json();
    } catch (e) {
      return;
    }
    const route = staticRoute(doc);
    route.style.display = 'none';
    if (i++ % 2 === 0) main.insertBefore(route, shown);
    else main.append(route);
  }
}

// staticRoute renders a conversation document as a finished route: its
// thread's units and a composer whose submit control shows.
function staticRoute(doc) {
  const inner = h('div', { class: 'thread-inner flex flex-col text-sm' });
  const chain = [];
  for (let id = doc.current_node; id && doc.mapping[id];) {
    const n = doc.mapping[id];
    if (n.message) chain.push(n.message);
    id = n.parent;
  }
  chain.reverse();
  let index = 0;
  for (const m of chain) {
    const role = m.author.role;
    if (role !== 'user' && !(role === 'assistant' && m.recipient === 'all' && m.content.content_type === 'text')) continue;
    if (m.metadata && (m.metadata.is_visually_hidden_from_conversation || m.metadata.is_thinking_preamble_message)) continue;
    const text = (m.content.parts || []).filter((p) => typeof p === 'string').join('\n\n');
    const { el, unit, mount } = G.turnElement(role, ++index, '', inner, false);
    if (mount) inner.append(mount);
    const div = h('div', Object.assign({ class: 'message' }, G.messageAttrs(role, m.id)));
    if (role === 'user') {
      div.append(G.userBubble(text));
    } else {
      const md = G.answerRoot();
      md.innerHTML = MD.render(text, {});
      div.append(md);
    }
    el.append(div);
    if (role === 'assistant') el.append(h('div', { class: 'turn-actions turn-action-controls', role: 'group', 'aria-label': T('actions') }, G.actionButtons(false)));
    G.addUnitID(unit, m.id, role === 'assistant' ? m.id : null);
  }
  const form = h('form', Object.assign({ class: 'composer' }, G.formAttrs()),
    h('div', { class: 'composer-row' },
      h('div', { class: 'composer-editor' }, h('div', Object.assign({ class: 'ProseMirror', contenteditable: 'true' }, G.editorAttrs()), h('p', { text: '…' }))),
      h('div', { class: 'composer-trailing' }, h('button', { type: 'submit', class: 'composer-submit-btn', 'aria-label': T('send') }, '↑'))));
  form.addEventListener('submit', (e) => e.preventDefault());
  return h('div', { class: 'route', 'data-route': '/c/' + doc.conversation_id },
    h('div', { class: 'thread' }, inner), h('div', { class: 'composer-wrap' }, form));
}

// freezeRoute leaves a zero-size copy of the route as it is now (the new
// chat, its Stop showing) in main, before the route.
export function freezeRoute(route, main) {
  const copy = route.cloneNode(true);
  for (const el of copy.querySelectorAll('[id]')) el.removeAttribute('id');
  copy.setAttribute('data-route', '/');
  const frozen = h('div', { class: 'frozen-route', style: 'position:absolute;top:0;left:0;width:0;height:0;overflow:hidden' }, copy);
  main.insertBefore(frozen, route);
}
