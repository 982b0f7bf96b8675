// The adapter's page-side helper. It runs in every document of the ChatGPT
// tab (Page.addScriptToEvaluateOnNewDocument) and exposes window.__wtagent.
// It knows no selector of its own: the Go side injects the locator and
// pattern tables from locators.go. A MutationObserver pushes the state of
// the watched turn to Go through a Runtime binding.
(function () {
  'use strict';
  const VERSION = __WT_VERSION__;
  const L = __WT_LOCATORS__;
  const P = __WT_PATTERNS__;
  const API = __WT_API__;
  const BINDING = __WT_BINDING__;
  if (window.__wtagent && window.__wtagent.version === VERSION) return;

  const RX = {};
  for (const k of Object.keys(P)) RX[k] = new RegExp(P[k], 'i');
  // A strategy is a CSS selector, or a text strategy (locators.go
  // textPrefix): the visible element of its scope whose text matches.
  const TEXT = '::text ';
  const isText = (sel) => sel.startsWith(TEXT);
  const joined = {};
  for (const k of Object.keys(L)) joined[k] = L[k].filter((s) => !isText(s)).join(',') || ':not(*)';
  // byText is the first element a text strategy finds under root.
  function byText(sel, root, any) {
    let t;
    try { t = JSON.parse(sel.slice(TEXT.length)); } catch (e) { return null; }
    let rx;
    try { rx = new RegExp(t.re, 'i'); } catch (e) { return null; }
    let list = [];
    try { list = root.querySelectorAll(t.in || 'button,a,[role]'); } catch (e) { return null; }
    for (const el of list) if ((any || visible(el)) && rx.test(label(el) || el.getAttribute('aria-label') || '')) return el;
    return null;
  }

  // visible is true when el has a box of its own and sits in a shown
  // part of the page: not under display:none (a hidden mounted route) and
  // not inside a zero-size clipping container (a frozen copy of a route
  // the app shell keeps after a redirect).
  function visible(el) {
    if (!el || !el.isConnected) return false;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden') return false;
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) return false;
    return inShownPart(el);
  }
  function inShownPart(el) {
    if (el.checkVisibility && !el.checkVisibility()) return false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const r = a.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) continue;
      const st = getComputedStyle(a);
      if (st.display === 'none') return false;
      if (st.display !== 'contents' && (st.overflow !== 'visible' || st.overflowX !== 'visible' || st.overflowY !== 'visible')) return false;
    }
    return true;
  }
  // q returns the first match of the locator in preference order; only a
  // visible one unless any is set.
  function q(name, root, any) {
    root = root || document;
    for (const sel of L[name]) {
      if (isText(sel)) { const el = byText(sel, root, any); if (el) return el; continue; }
      let list;
      try { list = root.querySelectorAll(sel); } catch (e) { continue; }
      for (const el of list) if (any || visible(el)) return el;
    }
    return null;
  }
  // qa returns every match of the locator in document order.
  function qa(name, root) {
    root = root || document;
    try { return Array.from(root.querySelectorAll(joined[name])); } catch (e) { }
    const seen = new Set();
    for (const sel of L[name]) {
      if (isText(sel)) continue;
      try { root.querySelectorAll(sel).forEach((e) => seen.add(e)); } catch (e) { }
    }
    return Array.from(seen).sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  }
  function label(el) {
    return ((el.innerText || el.textContent || '') + '').trim();
  }
  function follows(a, b) { // b is after a in document order
    return !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  }
  function fnv(s) {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
    return h;
  }

  // ---- conversation thread --------------------------------------------
  // A message is a [data-message-author-role] element (2025, mid-2026) or
  // a 2026-09 unit; role, id and model come from whichever the page shows.
  const UNIT_RE = /:(user|assistant|system|tool)$/;
  function role(m) {
    const r = m.getAttribute('data-message-author-role');
    if (r) return r;
    const k = UNIT_RE.exec(m.getAttribute('data-content-search-unit-key') || m.getAttribute('data-chatgpt-search-unit-key') || '');
    if (k) return k[1];
    const hd = q('roleHeading', m, true);
    if (hd) return hd.getAttribute('data-conversation-role') || '';
    return q('userBubble', m, true) ? 'user' : '';
  }
  // msgId is the message's id: data-message-id, else (2026-09) the last
  // of the unit's data-chatgpt-search-message-ids (a user unit's only id;
  // an assistant unit that spans tool steps lists several and the last is
  // the reply), else its data-chatgpt-selection-message-id.
  function msgId(m) {
    const v = m.getAttribute('data-message-id');
    if (v) return v;
    const listed = lastListed(m) || lastListed(q('messageIDs', m, true));
    if (listed) return listed;
    if (m.getAttribute('data-chatgpt-selection-message-id')) return m.getAttribute('data-chatgpt-selection-message-id');
    const el = q('messageID', m, true);
    return el ? (el.getAttribute('data-message-id') || el.getAttribute('data-chatgpt-selection-message-id') || '') : '';
  }
  function lastListed(el) {
    const ids = ((el && el.getAttribute('data-chatgpt-search-message-ids')) || '').split(/[\s,]+/).filter(Boolean);
    return ids.length ? ids[ids.length - 1] : '';
  }
  // messages lists the thread's messages the user sees: top-level units
  // only (the 2026-09 units nest), none of a hidden route or a frozen copy.
  function messages() {
    return qa('message').filter((m) => !(m.parentElement && m.parentElement.closest(joined.message)) && shownUnit(m));
  }
  // shownUnit: a message in a shown part of the page; its own box may be
  // empty for a moment (a unit still being filled), so only its
  // surroundings count.
  function shownUnit(m) {
    if (m.checkVisibility && !m.checkVisibility()) return false;
    return inShownPart(m);
  }
  function msgSlug(m) { return m.getAttribute('data-message-model-slug') || ''; }
  function turnOf(el) { return el.closest(joined.turn); }
  function testidN(t) {
    const m = /conversation-turn-(\d+)/.exec((t && t.getAttribute('data-testid')) || '');
    return m ? parseInt(m[1], 10) : 0;
  }
  // turnN is the turn number: conversation-turn-N, else (2026-09, no
  // testids) the message's ordinal in the thread.
  function turnN(el, ms) {
    const n = testidN(turnOf(el));
    if (n) return n;
    const list = ms || messages();
    const i = list.indexOf(el.closest(joined.message) || el);
    return i < 0 ? 0 : i + 1;
  }
  function inStatus(el) { return !!el.closest(joined.streamingStatus); }
  // answerRoot is the message's answer: the last outermost answer root
  // outside every streaming-status block (commentary and thinking sit in
  // one, before the answer), or null.
  function answerRoot(m) {
    const all = qa('answer', m).filter((el) => !inStatus(el));
    const outer = all.filter((el) => !all.some((o) => o !== el && o.contains(el)));
    return outer.length ? outer[outer.length - 1] : null;
  }
  // msgText is the answer's text; a message that shows no answer yet
  // (only commentary, or a 2026-09 unit still thinking) has none, and an
  // old-style message without any root counts whole.
  function msgText(m) {
    const md = answerRoot(m);
    if (md) return md.textContent || '';
    if (!m.hasAttribute('data-message-author-role') || q('streamingStatus', m, true)) return '';
    return m.textContent || '';
  }
  function thread() {
    const out = { maxN: 0, count: 0, lastUser: null, lastAssistant: null, turns: 0 };
    const ms = messages();
    out.count = ms.length;
    for (const t of qa('turn')) {
      if (!shownUnit(t)) continue;
      out.maxN = Math.max(out.maxN, testidN(t));
      out.turns++;
    }
    for (const m of ms) {
      const d = { id: msgId(m), n: turnN(m, ms), slug: msgSlug(m) };
      out.maxN = Math.max(out.maxN, d.n);
      if (role(m) === 'user') out.lastUser = d;
      if (role(m) === 'assistant') out.lastAssistant = d;
    }
    return out;
  }
  function findMessage(id) {
    if (!id) return null;
    for (const m of messages()) if (msgId(m) === id) return m;
    return null;
  }
  // bound finds the watched user message and the newest assistant message
  // after it (before the next user message). A reply whose id is the
  // previous assistant id is stale and ignored (fail closed).
  function bound(w) {
    const ms = messages();
    let u = null;
    if (w.userId) u = ms.find((m) => role(m) === 'user' && msgId(m) === w.userId) || null;
    if (!u && w.userN > 0) {
      u = ms.find((m) => role(m) === 'user' && turnN(m, ms) === w.userN) || null;
      if (u && w.userId && msgId(u) && msgId(u) !== w.userId) u = null;
    }
    if (!u) return { u: null, a: null };
    let a = null;
    for (let i = ms.indexOf(u) + 1; i < ms.length; i++) {
      const r = role(ms[i]);
      if (r === 'user') break;
      if (r === 'assistant') a = ms[i];
    }
    if (a && w.prevId && msgId(a) === w.prevId) a = null;
    return { u, a };
  }
  function classify(text) {
    if (RX.policy.test(text)) return 'refused';
    if (RX.tooLong.test(text)) return 'too_long';
    if (RX.rateLimit.test(text)) return 'rate_limit';
    if (RX.genericError.test(text)) return 'error';
    return 'error';
  }
  // errorAfter finds an error or limit card after the node (document
  // order), outside the composer.
  function errorAfter(u) {
    const comp = q('composer', document, true);
    for (const el of qa('errorCard')) {
      if (u && !follows(u, el)) continue;
      if (comp && comp.contains(el)) continue;
      if (!visible(el)) continue;
      // The card's own text: the error element, or the retry button's
      // container.
      const isRetry = el.matches(joined.retry);
      const text = label(isRetry ? (el.parentElement || el) : el).slice(0, 400);
      // An alert of the inferred 2026-09 forms is a card when it stands
      // in place of the answer (its message shows no answer root), or
      // when its words say so: other alerts may sit beside an answer.
      if (el.matches(joined.errorAlert)) {
        const m = el.closest(joined.message);
        const words = RX.rateLimit.test(text) || RX.tooLong.test(text) || RX.genericError.test(text) || RX.policy.test(text);
        if (!words && (!m || answerRoot(m))) continue;
      }
      const scope = el.closest(joined.turn + ',[role="alert"]') || el.parentElement || el;
      const retry = isRetry || !!q('retry', scope);
      return { kind: classify(text), text, retry };
    }
    return null;
  }
  // shown is true when el or one of its first descendants is visible (a
  // portal wrapper has no box of its own).
  function shown(el) {
    if (!el) return false;
    if (visible(el)) return true;
    const kids = el.querySelectorAll('*');
    for (let i = 0; i < kids.length && i < 200; i++) if (visible(kids[i])) return true;
    return false;
  }
  // openModal is the open modal over the page, or null.
  function openModal() {
    for (const sel of L.modal) {
      let list;
      try { list = document.querySelectorAll(sel); } catch (e) { continue; }
      for (const el of list) if (shown(el)) return el;
    }
    return null;
  }
  function modalOpen() { return !!openModal(); }
  // modalInfo describes the open modal: its kind (rate_limit by testid or
  // by its words, else dialog), its testid and its text.
  function modalInfo() {
    const m = openModal();
    if (!m) return { open: false };
    const text = label(m).replace(/\s+/g, ' ').slice(0, 400);
    const limit = m.matches(joined.modalRateLimit) || !!q('modalRateLimit', m, true) || RX.rateLimit.test(text);
    return { open: true, kind: limit ? 'rate_limit' : 'dialog', testid: m.getAttribute('data-testid') || m.id || '', text };
  }
  // ---- the composer's controls, by structure ---------------------------
  // The 2026-09 page has no testids and localises every label, so its
  // controls are found by what they are: the composer's form, its submit
  // control, its primary button's state, its file tiles. Labels are only
  // a last fallback (locators sendLabel, stopLabel, fileTileLabel).
  function composerForm() {
    const c = q('composer');
    return c ? c.closest('form') : null;
  }
  function isDisabled(el) { return !!el.disabled || el.getAttribute('aria-disabled') === 'true'; }
  // toggles are groups of pressed/checked buttons (the Chat/Work switch),
  // never file tiles.
  function isToggleGroup(g) { return !!g.querySelector('[aria-pressed],[aria-checked],[role="radio"]'); }
  // primaryButton is the composer form's primary button: its submit
  // control, else the last plain button of the form (the voice/stop
  // button the submit control turns into), outside groups and menus.
  function primaryButton(f) {
    f = f || composerForm();
    if (!f) return null;
    const subs = Array.from(f.querySelectorAll('button[type="submit"],input[type="submit"]')).filter(visible);
    if (subs.length) return subs[subs.length - 1];
    const plain = Array.from(f.querySelectorAll('button')).filter((b) => visible(b) && !b.closest('[role="group"],[role="menu"],[role="toolbar"]') &&
      !b.hasAttribute('aria-haspopup') && !b.hasAttribute('aria-pressed') && !b.contains(q('composer', f, true)));
    return plain.length ? plain[plain.length - 1] : null;
  }
  // sendButton is the send control: a testid (2025, 2026-06), else the
  // composer form's submit control (it exists only while the composer
  // holds text), else a label.
  function sendButton() {
    const byID = q('send');
    if (byID) return byID;
    const f = composerForm();
    const p = f && primaryButton(f);
    if (p && p.getAttribute('type') === 'submit' && !p.matches(joined.stop)) return p;
    return q('sendLabel');
  }
  // sendHow says what finds the send control now: its testid, the
  // structure (the composer form's submit control) or a label.
  function sendHow() {
    if (q('send')) return 'testid';
    const f = composerForm();
    const p = f && primaryButton(f);
    if (p && p.getAttribute('type') === 'submit') return 'structure';
    return q('sendLabel') ? 'label' : '';
  }
  function sendState() {
    const el = sendButton();
    return { p: !!el, e: !!el && !isDisabled(el) };
  }
  // stopButton is the stop control: a testid, else the composer form's
  // primary button while it is not a submit control and the thread shows
  // a turn in progress (the same button is the voice button when idle),
  // else a label.
  function stopButton() {
    const byID = q('stop');
    if (byID) return byID;
    const f = composerForm();
    const p = f && primaryButton(f);
    if (p && p.getAttribute('type') !== 'submit' && turnRunning()) return p;
    return q('stopLabel');
  }
  // turnRunning: the thread's newest message is a user message without a
  // reply yet, or a reply with neither its finished bar nor an error card.
  function turnRunning() {
    if (errorAfter(lastUserNode())) return false;
    const ms = messages();
    const m = ms[ms.length - 1];
    if (!m) return false;
    if (role(m) === 'user') return true;
    if (role(m) !== 'assistant') return false;
    const root = answerRoot(m);
    if (root && root.hasAttribute('data-markdown-animated')) return true;
    const t = turnOf(m) || m;
    return !q('finishedBar', t, true) && !m.querySelector('[role="alert"]');
  }
  // fileTiles are the composer's file tiles: groups in its form with a
  // button (remove) that are not toggles, and the 2025 thumbnails.
  function fileTiles() {
    const f = composerForm();
    const out = [];
    if (f) {
      for (const g of f.querySelectorAll('[role="group"]')) {
        if (visible(g) && g.querySelector('button') && !isToggleGroup(g) && !out.some((o) => o.contains(g))) out.push(g);
      }
    }
    for (const c of qa('attachmentChip')) if (visible(c) && !out.some((o) => o.contains(c) || c.contains(o))) out.push(c);
    if (!out.length) for (const b of qa('fileTileLabel')) if (visible(b)) out.push(b.closest('[role="group"]') || b.parentElement);
    return out;
  }
  function tileDone(tile) {
    return !q('progress', tile, true) && tile.getAttribute('aria-busy') !== 'true';
  }
  // chips counts finished attachments.
  function chips() { return fileTiles().filter(tileDone).length; }
  // tileFor describes the tile of the file name (its name is in the
  // tile's label or text, in any UI language): found, and uploaded.
  function tileFor(name) {
    for (const t of fileTiles()) {
      if ((t.getAttribute('aria-label') || '').includes(name) || label(t).includes(name)) return { found: true, done: tileDone(t) };
    }
    return { found: false, done: false };
  }
  // continueButton is the control that continues a reply cut at the
  // output limit: its testid, else (2026-09) the last button after the
  // watched reply's answer that is not its action bar's, an alert's, a
  // menu's or the commentary's, else its English label.
  function continueButton() {
    const byID = q('continue');
    if (byID) return byID;
    const a = W ? bound(W).a : lastOfRole('assistant');
    const root = a && answerRoot(a);
    if (root) {
      const t = turnOf(a) || a;
      const after = Array.from(t.querySelectorAll('button')).filter((b) => visible(b) && follows(root, b) && !root.contains(b) &&
        !inBar(b) && !b.closest('[role="alert"],[role="menu"],' + joined.streamingStatus) &&
        !b.hasAttribute('aria-haspopup'));
      if (after.length) return after[after.length - 1];
    }
    return q('continueLabel');
  }
  // inBar: b is one of the action bar's buttons (a finished-bar button
  // or its sibling: Share, More …).
  function inBar(b) {
    if (b.matches(joined.finishedBar) || b.matches(joined.copyTurn)) return true;
    for (let p = b.parentElement, i = 0; p && i < 3; p = p.parentElement, i++) {
      if (p.querySelector(joined.answer)) return false; // the message's own container, not the bar
      if (p.querySelector(joined.finishedBar)) return true;
    }
    return false;
  }
  function lastOfRole(r) {
    const ms = messages().filter((m) => role(m) === r);
    return ms.length ? ms[ms.length - 1] : null;
  }
  // modeSwitch is the 2026-09 page's Chat/Work switch: a toggle group in
  // the composer's form, else its English label.
  function modeSwitch() {
    const f = composerForm();
    if (f) for (const g of f.querySelectorAll('[role="group"],[role="radiogroup"]')) if (isToggleGroup(g) && visible(g)) return g;
    return q('modeSwitch', document, true);
  }

  let W = null; // the watched turn
  function state() {
    const st = { k: W ? W.key : '', stop: !!stopButton(), send: sendState().e, path: location.pathname };
    if (!W) return st;
    const b = bound(W);
    st.u = !!b.u;
    if (b.u) st.uid = msgId(b.u);
    if (b.a) {
      const txt = msgText(b.a);
      st.id = msgId(b.a);
      st.n = turnN(b.a);
      st.len = txt.length;
      st.h = fnv(txt);
      st.slug = msgSlug(b.a);
      const t = turnOf(b.a) || b.a.parentElement;
      st.bar = !!(t && q('finishedBar', t, true));
      st.img = !txt.trim() && !!b.a.querySelector('img,picture,canvas');
    }
    const lastUser = W.userId || W.userN ? b.u : null;
    const err = errorAfter(lastUser || lastUserNode());
    if (err) st.err = err;
    return st;
  }
  function lastUserNode() {
    const ms = messages().filter((m) => role(m) === 'user');
    return ms.length ? ms[ms.length - 1] : null;
  }

  // ---- push: MutationObserver -> Runtime binding ----------------------
  let scheduled = false;
  let last = '';
  function report() {
    scheduled = false;
    if (typeof window[BINDING] !== 'function') return;
    let s;
    try { s = JSON.stringify(state()); } catch (e) { return; }
    if (s === last) return;
    last = s;
    try { window[BINDING](s); } catch (e) { }
  }
  function schedule() {
    if (!scheduled) { scheduled = true; queueMicrotask(report); }
  }
  const mo = new MutationObserver(schedule);
  function attach() {
    if (!document.documentElement) return false;
    mo.observe(document.documentElement, {
      subtree: true, childList: true, characterData: true, attributes: true,
      attributeFilter: ['data-testid', 'aria-label', 'disabled', 'aria-disabled', 'data-state', 'data-message-id', 'data-chatgpt-selection-message-id',
        'data-streaming-response-status', 'data-markdown-animated', 'class', 'hidden', 'style',
        'type', 'aria-busy', 'data-chatgpt-search-message-ids', 'data-chatgpt-search-unit-key', 'data-content-search-unit-key', 'data-turn-key'],
    });
    return true;
  }
  if (!attach()) document.addEventListener('readystatechange', attach, { once: true });

  // ---- page state -------------------------------------------------------
  function loginUI() {
    for (const el of qa('login')) {
      if (!visible(el)) continue;
      const t = label(el);
      if (t && t.length < 40 && RX.loginLabel.test(t)) return t;
      const tid = el.getAttribute('data-testid') || '';
      if (tid === 'login-button' || tid === 'signup-button') return tid;
    }
    const body = document.body ? (document.body.innerText || '').slice(0, 20000) : '';
    const m = RX.loginText.exec(body);
    return m ? m[0] : '';
  }
  // appShell is true when the ChatGPT app renders (composer, thread,
  // sidebar): a challenge widget on such a page is not a challenge.
  function appShell() { return !!q('appShell', document, true); }
  function challenge() {
    if (q('challenge', document, true)) return 'element';
    if (q('challengeWidget', document, true) && !appShell()) return 'widget';
    if (RX.challengeTitle.test(document.title || '')) return 'title';
    const body = document.body ? (document.body.innerText || '').slice(0, 5000) : '';
    if (!q('composer') && RX.challengeText.test(body)) return 'text';
    return '';
  }
  // switcherLabel describes the model picker's trigger and its
  // generation: '2026-09' (the intelligence trigger), '2026-11' (the
  // reasoning navigation target without it), '2025' (the model-switcher
  // menu) or '2026-06' (the effort pill).
  function switcherLabel() {
    const el = q('switcher');
    if (!el) return null;
    const aria = el.getAttribute('aria-label') || '';
    const m = RX.switcherLabel.exec(aria);
    let gen = '2026-06';
    if (el.matches(joined.pickerSep)) gen = '2026-09';
    else if (el.matches(joined.pickerNov)) gen = '2026-11';
    else if (el.matches(joined.pickerLegacy)) gen = '2025';
    return { label: label(el), current: m ? m[1].trim() : '', aria, gen, effort: el.getAttribute('data-selected-reasoning-effort') || '' };
  }
  // sliderState reads the effort slider of either 2026 picker: the effort
  // value from the picker's trigger (2026-09: data-selected-reasoning-effort),
  // else from the slider; the position from the slider input (on 2026-09 an
  // aria-hidden, zero-width span[role=slider] inside the track); the track's
  // box, for a press on a stop.
  function sliderState() {
    const el = q('effortSlider');
    if (!el) return { found: false };
    const input = el.matches('[role="slider"]') ? el : q('sliderInput', el, true);
    const track = q('sliderTrack', el, true) || el;
    const trig = q('switcher', document, true);
    const num = (a) => { const v = parseInt((input && input.getAttribute(a)) || '', 10); return isNaN(v) ? -1 : v; };
    const eff = (n) => (n && n.getAttribute('data-selected-reasoning-effort')) || '';
    const r = track.getBoundingClientRect();
    return {
      found: true, effort: eff(trig) || eff(input) || eff(el), input: !!input,
      now: num('aria-valuenow'), min: num('aria-valuemin'), max: num('aria-valuemax'), text: (input && input.getAttribute('aria-valuetext')) || '',
      left: r.left, top: r.top, width: r.width, height: r.height, rtl: getComputedStyle(track).direction === 'rtl',
    };
  }
  // pickerState tells which 2026 picker content is open.
  function pickerState() {
    const panes = qa('pickerPane').filter(visible);
    const active = panes.find((p) => p.getAttribute('data-active') === 'true');
    return {
      content: shown(q('pickerContent', document, true)), panes: panes.length,
      active: active ? active.getAttribute('data-model-picker-view') : '', slider: !!q('effortSlider'), toggle: !!q('pickerToggle'),
    };
  }
  function snap() {
    const th = thread();
    return {
      url: location.href, path: location.pathname, title: document.title || '',
      ready: document.readyState, composer: !!q('composer'), send: sendState(), stop: !!stopButton(),
      challenge: challenge(), login: loginUI(), modal: modalOpen(), thread: th,
      switcher: switcherLabel(), chips: chips(),
      err: errorAfter(null),
    };
  }
  // generation names the page generation the document shows, from the
  // first generation (newest first) whose signals match: '2026-11',
  // '2026-09',
  // '2026-06', '2025', or 'unknown' (an empty page of an older generation
  // can look like either). signals lists what matched.
  function generation() {
    const signals = [];
    let gen = '';
    for (const [g, name] of [['2026-11', 'gen2026Nov'], ['2026-09', 'gen2026Sep'], ['2026-06', 'gen2026Mid'], ['2025', 'gen2025']]) {
      for (const sel of L[name]) {
        let el = null;
        try { el = document.querySelector(sel); } catch (e) { }
        if (el) { signals.push(g + ' ' + sel); if (!gen) gen = g; }
      }
    }
    return { gen: gen || 'unknown', signals };
  }
  // inventory lists, for each locator, the first strategy that matches
  // (visible or not; its place in the list), how many elements it matches
  // and the selectors the page rejects: the live self-check of doctor
  // --page.
  function inventory() {
    const out = {};
    for (const name of Object.keys(L)) {
      const r = { selector: '', strategy: 0, count: 0, visible: false, invalid: [] };
      L[name].forEach((sel, i) => {
        let list = [];
        if (isText(sel)) { const el = byText(sel, document, true); list = el ? [el] : []; }
        else { try { list = Array.from(document.querySelectorAll(sel)); } catch (e) { r.invalid.push(sel); return; } }
        if (list.length && !r.selector) { r.selector = sel; r.strategy = i + 1; r.count = list.length; r.visible = list.some(visible); }
      });
      out[name] = r;
    }
    const th = thread();
    let answer = null;
    const ms = messages();
    for (let i = ms.length - 1; i >= 0; i--) {
      if (role(ms[i]) !== 'assistant') continue;
      const root = answerRoot(ms[i]);
      answer = { id: msgId(ms[i]), root: !!root, len: msgText(ms[i]).length, commentary: !!q('streamingStatus', ms[i], true) };
      break;
    }
    const notices = [];
    for (const el of qa('notice')) {
      const t = visible(el) ? label(el).replace(/\s+/g, ' ').slice(0, 200) : '';
      if (t && !notices.includes(t) && notices.length < 8) notices.push(t);
    }
    const hist = q('historyItem', document, true);
    const html = document.documentElement;
    return {
      generation: generation(), locators: out, thread: th, answer, modal: modalInfo(), chat: chatMode(), chips: chips(), history: hist ? hist.href : '', notices,
      lang: html.lang || html.getAttribute('xml:lang') || '', dir: (html.dir || getComputedStyle(html).direction || 'ltr').toLowerCase(),
    };
  }
  // chatMode reads the Chat/Work switch: present, and whether Chat (its
  // first option) is on.
  function chatMode() {
    const g = modeSwitch();
    if (!g) return { present: false, chat: true };
    const first = g.querySelector('button,[role="radio"]');
    const on = !!first && (first.getAttribute('aria-pressed') === 'true' || first.getAttribute('aria-checked') === 'true' || first.getAttribute('data-state') === 'on');
    return { present: true, chat: on };
  }
  // probe asks a challenge-protected endpoint whether the challenge is
  // over, without touching the page.
  async function probe() {
    try {
      const res = await fetch(API.probe, { credentials: 'include', cache: 'no-store' });
      return { status: res.status, cf: res.headers.get('cf-mitigated') || '' };
    } catch (e) {
      return { status: 0, err: String(e) };
    }
  }
  async function auth() {
    const r = snap();
    r.origin = location.origin;
    try {
      const res = await fetch(API.session, { credentials: 'include', cache: 'no-store' });
      r.status = res.status;
      r.cf = res.headers.get('cf-mitigated') || '';
      const ct = res.headers.get('content-type') || '';
      if (ct.includes('json')) {
        const j = await res.json();
        r.user = !!(j && j.user);
        r.json = true;
      } else {
        r.html = ct.includes('html');
      }
    } catch (e) {
      r.fetchError = String(e);
    }
    return r;
  }

  // ---- composer ---------------------------------------------------------
  function blockText(p) {
    let s = '';
    for (const n of p.childNodes) {
      if (n.nodeType === 3) s += n.data;
      else if (n.nodeName === 'BR') { if (!(n.className || '').includes('ProseMirror-trailingBreak')) s += '\n'; }
      else s += blockText(n);
    }
    return s;
  }
  function composerText() {
    const el = q('composer');
    if (!el) return null;
    if (el.tagName === 'TEXTAREA') return el.value;
    const d = el.pmViewDesc && el.pmViewDesc.node;
    if (d && typeof d.textBetween === 'function') return d.textBetween(0, d.content.size, '\n', '\n');
    return Array.from(el.children).map(blockText).join('\n');
  }
  function caretToEnd(el) {
    const sel = getSelection();
    sel.selectAllChildren(el);
    sel.collapseToEnd();
  }
  function setComposer(text) {
    const el = q('composer');
    if (!el) return { ok: false, reason: 'composer' };
    el.focus();
    if (el.tagName === 'TEXTAREA') {
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set;
      set.call(el, text);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      return { ok: true };
    }
    const frag = document.createDocumentFragment();
    for (const line of text.split('\n')) {
      const p = document.createElement('p');
      if (line === '') p.appendChild(document.createElement('br'));
      else p.textContent = line;
      frag.appendChild(p);
    }
    el.replaceChildren(frag);
    caretToEnd(el);
    return { ok: true };
  }
  // tiles counts the composer's file tiles (finished or not).
  function tiles() { return fileTiles().length; }
  // pasteText pastes one chunk at the end of the composer as a synthetic
  // paste (text/plain, and text/html with one pre-wrap <p> per line: the
  // plain-text path of ProseMirror would merge blank lines), as a user's
  // paste would arrive. It reports whether the page turned it into
  // an attachment (a new tile), which it then removes again.
  function pasteText(text) {
    const el = q('composer');
    if (!el) return { ok: false, reason: 'composer' };
    el.focus();
    if (el.tagName !== 'TEXTAREA') caretToEnd(el);
    const before = tiles();
    const esc = (l) => l.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const dt = new DataTransfer();
    dt.setData('text/plain', text);
    // data-pm-slice marks a ProseMirror slice open at both ends: its lines
    // join the caret's paragraph, and white space is kept as it is.
    dt.setData('text/html', text.split('\n').map((l, i) => '<p ' + (i ? '' : 'data-pm-slice="1 1 []" ') + 'style="white-space:pre-wrap">' + esc(l) + '</p>').join(''));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    if (tiles() > before) {
      const ts = fileTiles();
      const bs = ts.length ? ts[ts.length - 1].querySelectorAll('button') : [];
      if (bs.length) bs[bs.length - 1].click();
      return { ok: true, attached: true };
    }
    return { ok: true, attached: false };
  }
  function focusEnd() {
    const el = q('composer');
    if (!el) return false;
    el.focus();
    if (el.tagName !== 'TEXTAREA') caretToEnd(el);
    return true;
  }
  // waitComposer resolves when the editor holds exactly text (and, if
  // wantSend, the send button is enabled), or at the deadline with the
  // first difference.
  function waitComposer(text, wantSend, ms) {
    return new Promise((resolve) => {
      const end = Date.now() + ms;
      const check = () => {
        const got = composerText();
        const send = sendState();
        const equal = got === text;
        if ((equal && (!wantSend || send.e)) || Date.now() > end) {
          const r = { equal, send: send.e, len: got === null ? -1 : got.length };
          if (!equal && got !== null) {
            let i = 0;
            while (i < got.length && i < text.length && got[i] === text[i]) i++;
            r.at = i;
            r.got = got.slice(Math.max(0, i - 20), i + 40);
            r.want = text.slice(Math.max(0, i - 20), i + 40);
          }
          resolve(r);
          return;
        }
        setTimeout(check, 15);
      };
      check();
    });
  }

  // ---- a redacted copy of the page (doctor --page --bundle) -------------
  // redactedDOM is the document's HTML with every text node, form value
  // and free-text attribute replaced by its length, except the words of
  // controls outside the thread (buttons, menu rows, tabs: the page's
  // localised labels, which an adapter update needs): no conversation
  // text, title or draft survives.
  function redactedDOM() {
    const root = document.documentElement.cloneNode(true);
    const thread = [joined.message, joined.turn, joined.composer, joined.userBubble, joined.answer, 'nav', 'title', 'form [contenteditable]'].join(',');
    const control = 'button,[role^="menuitem"],[role="tab"],[role="radio"],[role="option"],label,h4';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
    for (const n of texts) {
      const el = n.parentElement;
      if (!el || el.closest('script,style')) continue;
      if (!n.nodeValue.trim()) continue;
      if (el.closest(control) && !el.closest(thread)) continue;
      n.nodeValue = '[' + n.nodeValue.length + ' chars]';
    }
    for (const el of root.querySelectorAll('*')) {
      for (const a of ['value', 'title', 'alt', 'placeholder', 'data-placeholder', 'href', 'src']) {
        const v = el.getAttribute(a);
        if (v && !(a === 'href' && v.startsWith('#'))) el.setAttribute(a, '[' + v.length + ' chars]');
      }
      if (el.closest(thread)) for (const a of ['aria-label', 'aria-description']) if (el.hasAttribute(a)) el.setAttribute(a, '[redacted]');
    }
    return '<!DOCTYPE html>\n' + root.outerHTML;
  }
  // hideText makes every text on the page transparent (on) for a
  // screenshot that shows the layout and no words, or shows it again.
  function hideText(on) {
    let st = document.getElementById('__wtagent-hide-text');
    if (on && !st) {
      st = document.createElement('style');
      st.id = '__wtagent-hide-text';
      st.textContent = '* { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; } img, video, canvas, svg { visibility: hidden !important; }';
      document.documentElement.append(st);
    } else if (!on && st) st.remove();
    return true;
  }

  // ---- a pop-up over the composer ---------------------------------------
  // coverOf is the element that covers the composer form (its editor or
  // its primary button) at their centres: a non-modal pop-up the page
  // shows over the message box (notes §8), or null.
  function coverOf() {
    const f = composerForm();
    if (!f) return null;
    for (const el of [q('composer', f, true), primaryButton(f)]) {
      if (!el || !visible(el)) continue;
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && hit !== el && !el.contains(hit) && !f.contains(hit)) {
        return hit.closest('[role="dialog"],[role="tooltip"],[role="status"],[role="alert"],[data-radix-popper-content-wrapper],[popover]') || hit;
      }
    }
    return null;
  }
  // cover describes what covers the composer ({covered: false} when
  // nothing does).
  function cover() {
    const c = coverOf();
    if (!c) return { covered: false };
    return { covered: true, role: c.getAttribute('role') || c.tagName.toLowerCase(), text: label(c).replace(/\s+/g, ' ').slice(0, 120) };
  }
  // coverClose is the covering pop-up's close control: a close or dismiss
  // label, else its only (or last) button.
  function coverClose() {
    const c = coverOf();
    if (!c) return null;
    const c2 = q('modalClose', c);
    if (c2) return c2;
    const bs = Array.from(c.querySelectorAll('button,[role="button"]')).filter(visible);
    return bs.find((b) => RX.modalClose.test(label(b))) || bs[bs.length - 1] || null;
  }
  // waitUncovered resolves true as soon as nothing covers the composer
  // (checked at each DOM mutation), false after ms.
  function waitUncovered(ms) {
    return new Promise((resolve) => {
      if (!coverOf()) { resolve(true); return; }
      const obs = new MutationObserver(() => { if (!coverOf()) { obs.disconnect(); clearTimeout(timer); resolve(true); } });
      const timer = setTimeout(() => { obs.disconnect(); resolve(!coverOf()); }, ms);
      obs.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    });
  }

  // ---- targets for trusted clicks --------------------------------------
  let ITEMS = [];
  function target(spec) {
    if (spec.loc === 'send') return sendButton();
    if (spec.loc === 'stop') return stopButton();
    if (spec.loc === 'continue') return continueButton();
    if (spec.loc) return q(spec.loc);
    if (spec.item !== undefined) return ITEMS[spec.item] || null;
    if (spec.retry) {
      const u = W ? bound(W).u : lastUserNode();
      for (const el of qa('retry')) if (visible(el) && (!u || follows(u, el))) return el;
      return null;
    }
    if (spec.chat) {
      const g = modeSwitch();
      return g ? g.querySelector('button,[role="radio"]') : null;
    }
    if (spec.coverClose) return coverClose();
    if (spec.modalClose) {
      const m = openModal();
      if (!m) return null;
      const c = q('modalClose', m);
      if (c) return c;
      for (const b of m.querySelectorAll('button,[role="button"]')) if (visible(b) && RX.modalClose.test(label(b))) return b;
      return null;
    }
    return null;
  }
  // center scrolls the target into view and returns its centre, and
  // whether the centre hits it (nothing covers it).
  function center(spec) {
    const el = target(spec);
    if (!el) return { found: false };
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return { found: true, x, y, w: r.width, h: r.height, hit: !!hit && (hit === el || el.contains(hit)), disabled: !!el.disabled || el.getAttribute('aria-disabled') === 'true' };
  }
  function click(spec) {
    const el = target(spec);
    if (!el) return false;
    el.click();
    return true;
  }
  function hover(spec) {
    const el = target(spec);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const o = { bubbles: true, cancelable: true, pointerType: 'mouse', clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
    el.dispatchEvent(new PointerEvent('pointerenter', o));
    el.dispatchEvent(new PointerEvent('pointermove', o));
    el.dispatchEvent(new MouseEvent('mousemove', o));
    return true;
  }

  // ---- model switcher menu ---------------------------------------------
  function menus() { return qa('menu').filter((m) => visible(m) && !m.closest('[inert]')); }
  // pickersOpen counts open menus and 2026 picker contents.
  function pickersOpen() {
    const p = pickerState();
    return menus().length + (p.content ? 1 : 0) + (p.panes ? 1 : 0);
  }
  function attr(el, n) { return el.getAttribute(n) || ''; }
  // groupHeader is the text of the header of the menu group an item sits
  // in (the 2026-11 menu's family), or ''.
  function groupHeader(el) {
    const g = el.closest('[role="group"]');
    const hd = g && g.querySelector('[role="presentation"],[role="heading"]');
    return hd ? label(hd).slice(0, 80) : '';
  }
  function menuItems() {
    ITEMS = [];
    const out = [];
    const ms = menus();
    ms.forEach((m, mi) => {
      for (const el of qa('menuItem', m)) {
        if (!visible(el) || el.closest('[inert]')) continue;
        const owner = el.closest(joined.menu);
        if (owner !== m) continue;
        const dd = el.getAttribute('data-disabled');
        const hp = attr(el, 'aria-haspopup');
        out.push({
          index: ITEMS.length, menu: mi, testid: attr(el, 'data-testid'), value: attr(el, 'data-value'),
          testValue: attr(el, 'data-test-value'), id: el.id || '', label: label(el).slice(0, 200),
          disabled: attr(el, 'aria-disabled') === 'true' || (dd !== null && dd !== 'false') || attr(el, 'data-state') === 'disabled' || !!el.disabled,
          checked: attr(el, 'aria-checked') === 'true' || attr(el, 'data-state') === 'checked',
          sub: hp === 'menu' || hp === 'true', expanded: attr(el, 'aria-expanded') === 'true',
          effort: attr(el, 'data-reasoning-effort'), group: groupHeader(el),
        });
        ITEMS.push(el);
      }
    });
    return { menus: ms.length, items: out };
  }
  // waitView resolves when a picker view shows — kind 'content' (the
  // 2026-06 intelligence content), 'panes' (the 2026-09 panes), 'opened'
  // (the 2026-11 menu lists items, or the 2026-09 panes show), 'items'
  // (an open menu lists items), 'submenu' (more than n menus are open:
  // a nested one opened) or 'closed' (fewer than n menus and picker
  // contents are open) — checking at each DOM mutation (its own
  // MutationObserver) and at each CSS transition or animation end, never
  // by polling. The caller's step bounds the call; ms (that step) only
  // frees the observer of a call given up on, answering with what shows
  // then. It answers {ok, state, list}.
  function waitView(kind, ms, n) {
    const check = () => {
      if (kind === 'items') { const list = menuItems(); return { ok: list.items.length > 0, list }; }
      if (kind === 'submenu') { const list = menuItems(); return { ok: list.menus > n, list }; }
      if (kind === 'closed') return { ok: pickersOpen() < n };
      if (kind === 'opened') { const list = menuItems(); const st = pickerState(); return { ok: list.items.length > 0 || st.panes > 0, list, state: st }; }
      const st = pickerState();
      return { ok: kind === 'panes' ? st.panes > 0 : st.content, state: st };
    };
    return new Promise((resolve) => {
      const first = check();
      if (first.ok) { resolve(first); return; }
      let timer = 0;
      const recheck = () => { const r = check(); if (r.ok) done(r); };
      const obs = new MutationObserver(recheck);
      const done = (r) => {
        obs.disconnect();
        clearTimeout(timer);
        document.removeEventListener('transitionend', recheck, true);
        document.removeEventListener('animationend', recheck, true);
        resolve(r);
      };
      obs.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
      document.addEventListener('transitionend', recheck, true);
      document.addEventListener('animationend', recheck, true);
      timer = setTimeout(() => done(check()), ms);
    });
  }
  // menuStable resolves when the menus' positions stop moving (a portal
  // menu first paints at the top-left, then moves).
  function menuStable(ms) {
    return new Promise((resolve) => {
      const end = Date.now() + ms;
      let prev = '';
      const tick = () => {
        const cur = menus().map((m) => { const r = m.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round).join(','); }).join(';');
        if ((cur && cur === prev) || Date.now() > end) { resolve(cur !== ''); return; }
        prev = cur;
        setTimeout(tick, 40);
      };
      tick();
    });
  }

  // ---- reading ----------------------------------------------------------
  async function sessionToken() {
    try {
      const r = await fetch(API.session, { credentials: 'include', cache: 'no-store' });
      if (r.ok && (r.headers.get('content-type') || '').includes('json')) {
        const j = await r.json();
        return (j && j.accessToken) || '';
      }
    } catch (e) { }
    return '';
  }
  // streamStatus asks whether the conversation's turn still streams
  // (GET …/conversation/<id>/stream_status).
  async function streamStatus(id) {
    const tok = await sessionToken();
    if (!tok) return { status: 401 };
    try {
      const r = await fetch(API.conversation + encodeURIComponent(id) + '/stream_status', { headers: { Authorization: 'Bearer ' + tok }, credentials: 'include', cache: 'no-store' });
      let j = null;
      if (r.ok) { try { j = await r.json(); } catch (e) { } }
      return { status: r.status, value: (j && j.status) || '' };
    } catch (e) {
      return { status: 0, value: String(e) };
    }
  }
  // resume continues a broken stream as the page does: POST …/resume with
  // the events already read. The adapter reads the answer from the
  // network; the body is drained here.
  async function resume(id, offset, conduit) {
    const tok = await sessionToken();
    if (!tok) return { status: 401 };
    const headers = { Authorization: 'Bearer ' + tok, 'Content-Type': 'application/json', Accept: 'text/event-stream' };
    if (conduit) headers['x-conduit-token'] = conduit;
    try {
      const r = await fetch(API.resume, { method: 'POST', headers, credentials: 'include', cache: 'no-store', body: JSON.stringify({ conversation_id: id, offset }) });
      if (r.body) { const rd = r.body.getReader(); (async () => { try { for (;;) { const x = await rd.read(); if (x.done) break; } } catch (e) { } })(); }
      return { status: r.status };
    } catch (e) {
      return { status: 0, value: String(e) };
    }
  }
  // node is one message of a conversation read, as the adapter reads it.
  function node(m, fallbackId) {
    const c = m.content || {};
    const md = m.metadata || {};
    return {
      id: m.id || fallbackId, role: (m.author && m.author.role) || '', content_type: c.content_type || '',
      parts: (c.parts || []).map((p) => (typeof p === 'string' ? p : null)),
      text: typeof c.text === 'string' ? c.text : null,
      status: m.status || '', end_turn: m.end_turn === true, recipient: m.recipient || '',
      model_slug: md.model_slug || '', channel: m.channel || '',
      finish_type: (md.finish_details && md.finish_details.type) || '',
      hidden: !!(md.is_visually_hidden_from_conversation || md.is_thinking_preamble_message || m.is_thinking_preamble_message),
    };
  }
  // conversation reads the conversation's active branch: first the linear
  // read the 2026-09 page uses (GET …/conversations/<id>, newest turns;
  // partial when page_info.has_previous_page), else (or with full) the mapping
  // document (GET …/conversation/<id>).
  // retryAfter is how many seconds a rate-limited response asks to wait:
  // its Retry-After (seconds or a date), else the body's clears_in (or
  // retry_after), else 0.
  async function retryAfter(r) {
    const h = r.headers.get('retry-after') || '';
    if (/^\d+(\.\d+)?$/.test(h.trim())) return parseFloat(h);
    if (h) { const t = Date.parse(h); if (!isNaN(t)) return Math.max(0, (t - Date.now()) / 1000); }
    try {
      const j = await r.json();
      const d = (j && (j.detail && typeof j.detail === 'object' ? j.detail : j)) || {};
      const n = Number(d.clears_in ?? d.retry_after ?? 0);
      return isFinite(n) && n > 0 ? n : 0;
    } catch (e) { return 0; }
  }
  async function conversation(id, full) {
    const tok = await sessionToken();
    if (!tok) return { status: 401, err: 'no session token' };
    const get = (url) => fetch(url, { headers: { Authorization: 'Bearer ' + tok }, credentials: 'include', cache: 'no-store' });
    try {
      if (full) throw new Error('the whole document is wanted');
      const r = await get(API.conversations + encodeURIComponent(id) + '?include_has_versions=true&num_turns=10');
      if (r.status === 429) return { status: 429, retryAfter: await retryAfter(r) };
      if (r.ok && (r.headers.get('content-type') || '').includes('json')) {
        const j = await r.json();
        if (j && Array.isArray(j.messages)) {
          const chain = j.messages.map((x) => node(x.message || x, x.id));
          const last = chain.length ? chain[chain.length - 1].id : '';
          return { status: 200, current_node: j.current_node || last, chain, partial: !!(j.page_info && j.page_info.has_previous_page), linear: true };
        }
      }
    } catch (e) { }
    let r;
    try {
      r = await get(API.conversation + encodeURIComponent(id));
    } catch (e) {
      return { status: 0, err: String(e) };
    }
    const ct = r.headers.get('content-type') || '';
    if (r.status === 429) return { status: 429, retryAfter: await retryAfter(r) };
    if (!r.ok || !ct.includes('json')) {
      return { status: r.status, challenge: r.headers.get('cf-mitigated') === 'challenge' || ct.includes('html') };
    }
    let doc;
    try { doc = await r.json(); } catch (e) { return { status: r.status, err: 'bad json: ' + e }; }
    const chain = [];
    const seen = new Set();
    let cur = doc.current_node;
    while (cur && doc.mapping && doc.mapping[cur] && !seen.has(cur)) {
      seen.add(cur);
      const n = doc.mapping[cur];
      if (n.message) chain.push(node(n.message, n.id));
      cur = n.parent;
    }
    chain.reverse();
    return { status: 200, current_node: doc.current_node || '', chain };
  }

  // recent lists the ids of the n newest conversations (the sidebar's
  // list): { status, ids }, with retryAfter when the read is rate-limited
  // (429) and no ids when it cannot be read.
  async function recent(n) {
    const tok = await sessionToken();
    if (!tok) return { status: 401, ids: [] };
    try {
      const r = await fetch(API.conversationList + '?offset=0&limit=' + n + '&order=updated', { headers: { Authorization: 'Bearer ' + tok }, credentials: 'include', cache: 'no-store' });
      if (r.status === 429) return { status: 429, ids: [], retryAfter: await retryAfter(r) };
      if (!r.ok) return { status: r.status, ids: [] };
      const j = await r.json();
      return { status: r.status, ids: ((j && j.items) || []).map((c) => c.id).filter(Boolean) };
    } catch (e) {
      return { status: 0, ids: [] };
    }
  }

  async function copyText(id, ms) {
    const a = findMessage(id);
    if (!a) return { ok: false, reason: 'message not found' };
    const t = turnOf(a) || a.parentElement;
    const btn = t && q('copyTurn', t, true);
    if (!btn) return { ok: false, reason: 'no copy button' };
    const clip = navigator.clipboard;
    let got = null;
    const had = clip ? [Object.prototype.hasOwnProperty.call(clip, 'writeText'), Object.prototype.hasOwnProperty.call(clip, 'write')] : [];
    const onCopy = (e) => {
      const dt = e.clipboardData;
      if (!dt) return;
      const set = dt.setData.bind(dt);
      dt.setData = (type, v) => { if (type === 'text/plain') got = String(v); return set(type, v); };
    };
    try {
      if (clip) {
        Object.defineProperty(clip, 'writeText', { configurable: true, writable: true, value: async (s) => { got = String(s); } });
        Object.defineProperty(clip, 'write', {
          configurable: true, writable: true, value: async (items) => {
            for (const it of items || []) {
              if (it.types && it.types.includes('text/plain')) got = await (await it.getType('text/plain')).text();
            }
          },
        });
      }
      document.addEventListener('copy', onCopy, true);
      btn.click();
      const end = Date.now() + ms;
      while (got === null && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    } finally {
      document.removeEventListener('copy', onCopy, true);
      if (clip) {
        if (!had[0]) delete clip.writeText;
        if (!had[1]) delete clip.write;
      }
    }
    return got === null ? { ok: false, reason: 'nothing copied' } : { ok: true, text: got };
  }
  // markdown rebuilds markdown from the rendered message: the last resort.
  function markdown(id) {
    const a = findMessage(id);
    if (!a) return null;
    const root = answerRoot(a) || (a.hasAttribute('data-message-author-role') && !q('streamingStatus', a, true) ? a : null);
    if (!root) return '';
    const inline = (n) => {
      let s = '';
      for (const c of n.childNodes) {
        if (c.nodeType === 3) { s += c.data; continue; }
        if (c.nodeType !== 1) continue;
        const tag = c.nodeName;
        if (tag === 'BR') s += '\n';
        else if (tag === 'CODE') s += '`' + c.textContent + '`';
        else if (tag === 'STRONG' || tag === 'B') s += '**' + inline(c) + '**';
        else if (tag === 'EM' || tag === 'I') s += '*' + inline(c) + '*';
        else if (tag === 'A') s += '[' + inline(c) + '](' + (c.getAttribute('href') || '') + ')';
        else if (tag === 'BUTTON') continue;
        else s += inline(c);
      }
      return s;
    };
    const block = (n, prefix) => {
      const out = [];
      for (const c of n.childNodes) {
        if (c.nodeType === 3) { if (c.data.trim()) out.push(prefix + c.data); continue; }
        if (c.nodeType !== 1) continue;
        const tag = c.nodeName;
        if (tag === 'PRE') {
          const code = c.querySelector('code');
          const m = /language-([\w+#.-]+)/.exec((code && code.className) || '');
          let body = (code || c).textContent;
          if (body.endsWith('\n')) body = body.slice(0, -1);
          out.push('```' + (m ? m[1] : '') + '\n' + body + '\n```');
        } else if (/^H[1-6]$/.test(tag)) out.push('#'.repeat(+tag[1]) + ' ' + inline(c));
        else if (tag === 'UL' || tag === 'OL') {
          let i = 1;
          const items = [];
          for (const li of c.children) items.push((tag === 'OL' ? (i++) + '. ' : '- ') + inline(li).trim());
          out.push(items.join('\n'));
        } else if (tag === 'BLOCKQUOTE') out.push(block(c, '').split('\n').map((l) => '> ' + l).join('\n'));
        else if (tag === 'HR') out.push('---');
        else if (tag === 'P') out.push(inline(c));
        else if (tag === 'DIV' || tag === 'SECTION') { const b = block(c, prefix); if (b) out.push(b); }
        else if (tag !== 'BUTTON') out.push(inline(c));
      }
      return out.join('\n\n');
    };
    return block(root, '');
  }

  // ---- call wrapper -----------------------------------------------------
  window.__wtagent = {
    version: VERSION,
    snap, auth, probe, thread, state, composerText, setComposer, focusEnd, waitComposer, pasteText,
    center, click, hover, cover, waitUncovered, redactedDOM, hideText, menuItems, menuStable, waitView, conversation, recent, streamStatus, resume, copyText, markdown,
    watch(w) { W = w; last = ''; schedule(); return state(); },
    unwatch() { W = null; return true; },
    chips,
    tileFor,
    sendHow,
    modalInfo,
    generation,
    inventory,
    chatMode,
    uploadError() { const e = q('uploadError'); return e ? label(e).slice(0, 300) : ''; },
    uploadInput() { return q('upload', document, true); },
    modal: modalOpen,
    menus: pickersOpen,
    sliderState,
    pickerState,
    focus(spec) { const el = target(spec); if (!el) return false; el.focus(); return document.activeElement === el; },
    switcher: switcherLabel,
  };
})();
