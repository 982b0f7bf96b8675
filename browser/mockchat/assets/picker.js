// The 2026 model/effort pickers (CONTRACT.md "Pickers"); the 2025 menu is
// menu.js. Both open on pointerdown or Enter/Space (never on a synthetic
// click()), render in a portal at the end of <body> after a short delay,
// and close on Esc or a press outside.
//
// 2026-06: button.__composer-pill (shows the effort) opens
// [data-testid="composer-intelligence-picker-content"]: an effort slider
// [data-model-reasoning-effort-slider][role=slider] (arrow keys, Home,
// End; it carries data-selected-reasoning-effort, light … extra-high), the
// Pro trigger [data-testid="composer-intelligence-pro-thinking-effort-trigger"]
// and an Advanced button opening
// [data-testid="composer-model-picker-slider-advanced-view"], a menu of
// every model ([role=menuitemradio][data-value=<slug>]).
//
// 2026-09 (the page's notes, §7): button[data-codex-intelligence-trigger="true"]
// (aria-label "Select ChatGPT model") shows the effort's localised label
// and carries the effort in data-selected-reasoning-effort (low, medium,
// high, xhigh, max). It opens two panes [data-model-picker-view="simple"|
// "advanced"] (the active one data-active="true", the other inert). The
// simple pane's power slider is a row [role=menuitem][data-reasoning-slider]
// (it takes Left/Right, Home and End while focused) holding the track
// [data-model-picker-power-slider] (a press on the track sets the stop
// under the pointer) with the slider input itself: an aria-hidden,
// zero-width span[role=slider] with aria-valuenow/min/max. A Pro-limited
// account's slider stops at xhigh. The pane's [data-model-picker-view-toggle]
// opens the advanced pane's models ([role=menuitemradio][data-value=<slug>]);
// a slider-only picker (standard paid Chat) has neither.
//
// 2026-11 (notes §8): the trigger lost data-codex-intelligence-trigger; it
// keeps data-composer-navigation-target="reasoning" and
// data-selected-reasoning-effort and sits in the composer form. It opens
// one menu of three model families: under each family's header
// ([role=group] with a [role=presentation] header) a row per (model,
// effort): [role=menuitemradio][data-value=<slug>][data-reasoning-effort=
// <value>] whose text repeats the bare version header ("6 6 High"); an
// Instant model, and Latest, are rows of their own with no effort; a
// retiring model's rows add a localised notice on the same line. A row is
// chosen by a real press (pointer) or Enter/Space while focused (the
// arrow keys move the focus); a synthetic click() does nothing. coverRow
// ("<slug>:<effort>") shows a non-modal popover over that row.
import { h, GEN, NOV, T } from './dom.js';

// LABELS are the 2026-06 slider's labels (English only).
const LABELS = { light: 'Light', standard: 'Standard', extended: 'Extended', 'extra-high': 'Extra high', pro: 'Pro' };

// SEP_KEYS are the label keys (dom.js T, CONTRACT.md "Languages") of the
// 2026-09 efforts: the page shows only these localised labels.
const SEP_KEYS = { low: 'effortLow', medium: 'effortMedium', high: 'effortHigh', xhigh: 'effortXhigh', max: 'effortMax' };

// picker2026 returns the trigger of the generation's picker. models are
// the models (slug, label, disabled), efforts the slider's values, get()
// the current {model, effort}, set(patch) changes them. On 2026-09 every
// word is the page's label (T), sliderOnly leaves out the model list and
// pointerOnly makes the slider ignore the keyboard (a press on its track
// still works).
export function picker2026({ models, efforts, get, set, sliderOnly, pointerOnly, coverRow }) {
  const sep = GEN === '2026-09' || NOV;
  const label = (e) => (sep ? SEP_KEYS[e] && T(SEP_KEYS[e]) : LABELS[e]) || e;
  const p = { open: false, token: 0, wrap: null };
  const trigger = h('button', NOV
    ? {
      type: 'button', 'data-composer-navigation-target': 'reasoning', 'aria-label': T('picker'),
      'aria-haspopup': 'menu', 'aria-expanded': 'false', class: 'intelligence-trigger',
    }
    : sep ? {
      type: 'button', 'data-codex-intelligence-trigger': 'true', 'data-composer-navigation-target': 'reasoning',
      'aria-label': T('picker'), 'aria-haspopup': 'dialog', 'aria-expanded': 'false', class: 'intelligence-trigger',
    }
    : { type: 'button', class: '__composer-pill intelligence-pill', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' });

  function update() {
    const cur = get();
    const m = models.find((x) => x.slug === cur.model);
    trigger.textContent = NOV && m && !(m.efforts || []).length ? m.label : label(cur.effort); // the chevron is drawn by CSS, as an icon
    if (sep) trigger.setAttribute('data-selected-reasoning-effort', cur.effort);
  }

  // step moves the effort to stop i (clamped) and re-renders.
  function step(i, show) {
    i = Math.min(Math.max(i, 0), efforts.length - 1);
    set({ effort: efforts[i] });
    show();
    update();
  }
  function keyStep(e, i) {
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') return i + 1;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') return i - 1;
    if (e.key === 'Home') return 0;
    if (e.key === 'End') return efforts.length - 1;
    return null;
  }
  const current = () => Math.max(0, efforts.indexOf(get().effort));

  // slider06 is the 2026-06 slider: the element itself takes the keys and
  // carries the effort.
  function slider06() {
    const el = h('div', { 'data-model-reasoning-effort-slider': '', role: 'slider', tabindex: '0', 'aria-orientation': 'horizontal', 'aria-valuemin': '0', 'aria-valuemax': String(efforts.length - 1), class: 'effort-slider' });
    const show = () => {
      const i = current();
      el.setAttribute('aria-valuenow', String(i));
      el.setAttribute('aria-valuetext', label(efforts[i]));
      el.setAttribute('data-selected-reasoning-effort', efforts[i]);
      el.replaceChildren(...efforts.map((e, j) => h('span', { class: j === i ? 'tick on' : 'tick', text: label(e) })));
    };
    el.addEventListener('keydown', (e) => {
      const i = keyStep(e, current());
      if (i === null) return;
      e.preventDefault();
      step(i, show);
    });
    show();
    return el;
  }

  // slider09 is the 2026-09 power slider: a menu row that takes the keys,
  // a track that takes presses, and the hidden zero-width input.
  function slider09() {
    const status = h('span', { role: 'status', 'aria-live': 'polite', id: 'power-status' });
    const hint = h('span', { id: 'power-hint', class: 'sr-only', text: T('powerHint') });
    const input = h('span', { role: 'slider', 'aria-hidden': 'true', 'aria-valuemin': '0', 'aria-valuemax': String(efforts.length - 1), style: 'display: inline-block; width: 0px; height: 0px; overflow: hidden;' });
    const ticks = h('span', { 'data-orientation': 'horizontal', style: 'display: flex; justify-content: space-between; height: 100%;' });
    const track = h('div', { 'data-model-picker-power-slider': '', style: 'position: relative; width: 250px; height: 30px;' }, ticks, input);
    const row = h('div', {
      role: 'menuitem', 'data-reasoning-slider': 'true', 'aria-label': T('power'), 'aria-describedby': 'power-status power-hint', tabindex: '-1',
    }, h('div', { 'data-menu-row-content': 'true' }, track));
    const show = () => {
      const i = current();
      input.setAttribute('aria-valuenow', String(i));
      ticks.replaceChildren(...efforts.map((_, j) => h('span', { 'data-selected': String(j <= i), style: 'width: 10px;' })));
      status.textContent = T('powerAt', { effort: label(efforts[i]), n: i + 1, of: efforts.length });
    };
    // A right-to-left page's slider runs from the right, as a Radix
    // slider does: Right steps down, the first stop is at the right end.
    const rtl = () => getComputedStyle(track).direction === 'rtl';
    row.addEventListener('keydown', (e) => {
      if (pointerOnly) return;
      const cur = current();
      let i = keyStep(e, cur);
      if (i === null) return;
      if (rtl() && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) i = 2 * cur - i;
      e.preventDefault();
      step(i, show);
    });
    track.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const r = track.getBoundingClientRect();
      let f = (e.clientX - r.left) / r.width;
      if (rtl()) f = 1 - f;
      step(Math.round(f * (efforts.length - 1)), show);
    });
    show();
    return [status, hint, row];
  }

  function modelMenu(attrs, list) {
    const menu = h('div', Object.assign({ role: 'menu', 'aria-orientation': 'vertical', tabindex: '-1', class: 'model-list' }, attrs));
    for (const m of list) {
      const checked = m.slug === get().model;
      const el = h('div', {
        role: 'menuitemradio', 'aria-checked': String(checked), 'data-state': checked ? 'checked' : 'unchecked',
        'data-value': m.slug, tabindex: '-1', 'aria-disabled': m.disabled ? 'true' : null, 'data-disabled': m.disabled ? '' : null,
      }, h('div', { text: m.label }), m.description ? h('div', { class: 'item-desc', text: m.description }) : null);
      el.addEventListener('click', () => { if (!m.disabled) { set({ model: m.slug }); close(); } });
      menu.append(el);
    }
    return menu;
  }

  // row11 is one row of the 2026-11 menu: model m at effort e ('' for
  // a model row with no effort).
  function row11(m, e, menu) {
    const cur = get();
    const checked = m.slug === cur.model && (!e || e === cur.effort);
    const off = !!m.disabled || (m.off || []).includes(e);
    const words = [m.family ? m.family.split(' ')[0] : null, e ? label(e) : m.label].filter(Boolean);
    const el = h('div', {
      role: 'menuitemradio', 'aria-checked': String(checked), 'data-state': checked ? 'checked' : 'unchecked',
      'data-value': m.slug, 'data-reasoning-effort': e || null, tabindex: '-1',
      'aria-disabled': off ? 'true' : null, 'data-disabled': off ? '' : null, class: 'model-row',
    }, h('span', { class: 'row-head', text: words.join(' ') }), m.retiring ? h('span', { class: 'item-desc', text: ' · ' + T('retiring') }) : null);
    const choose = () => { if (!off) { set(e ? { model: m.slug, effort: e } : { model: m.slug }); close(); } };
    el.addEventListener('click', (ev) => { if (ev.isTrusted) choose(); });
    el.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); choose(); return; }
      const rows = Array.from(menu.querySelectorAll('[role=menuitemradio]'));
      const i = rows.indexOf(el);
      const next = ev.key === 'ArrowDown' ? rows[i + 1] : ev.key === 'ArrowUp' ? rows[i - 1] : null;
      if (next) { ev.preventDefault(); next.focus(); }
    });
    return el;
  }

  // menu11 is the 2026-11 three-family menu.
  function menu11() {
    const menu = h('div', { role: 'menu', 'aria-orientation': 'vertical', tabindex: '-1', class: 'popover picker model-list', 'aria-label': T('picker') });
    const families = [];
    for (const m of models) {
      if (!m.family) { menu.append(row11(m, '', menu)); continue; }
      let g = families.find((f) => f.name === m.family);
      if (!g) {
        g = { name: m.family, el: h('div', { role: 'group', class: 'family' }, h('div', { role: 'presentation', class: 'menu-label', text: m.family })) };
        families.push(g);
        menu.append(g.el);
      }
      if (m.efforts && m.efforts.length) for (const e of m.efforts) g.el.append(row11(m, e, menu));
      else g.el.append(row11(m, '', menu));
    }
    place(menu);
    if (coverRow) {
      const [slug, e] = coverRow.split(':');
      const target = Array.from(menu.querySelectorAll('[role=menuitemradio]')).find((r) => r.getAttribute('data-value') === slug && (r.getAttribute('data-reasoning-effort') || '') === (e || ''));
      if (target) {
        const r = target.getBoundingClientRect();
        const tip = h('div', { class: 'popover tip', text: T('tip'), style: `position: fixed; left: ${r.left - 4}px; top: ${r.top - 2}px; width: ${r.width + 8}px; height: ${r.height + 4}px; z-index: 60; background: #ffd;` });
        document.body.append(tip);
        p.tip = tip;
      }
    }
  }

  function render() {
    let content;
    if (NOV) { menu11(); return; }
    if (sep) {
      const simple = h('div', { 'data-model-picker-view': 'simple', 'data-active': 'true', class: 'pane' }, slider09());
      content = h('div', { role: 'dialog', class: 'popover picker', 'aria-label': T('picker') }, simple);
      if (sliderOnly) return place(content);
      const advanced = h('div', { 'data-model-picker-view': 'advanced', 'data-active': 'false', inert: '', class: 'pane' },
        modelMenu({}, models.filter((m) => !m.pro)));
      const activate = (pane) => {
        for (const x of [simple, advanced]) {
          const on = x === pane;
          x.setAttribute('data-active', String(on));
          if (on) x.removeAttribute('inert'); else x.setAttribute('inert', '');
        }
      };
      simple.append(h('button', { type: 'button', 'data-model-picker-view-toggle': '', onclick: () => activate(advanced) }, T('moreModels') + ' ›'));
      advanced.prepend(h('button', { type: 'button', 'data-model-picker-view-toggle': '', onclick: () => activate(simple) }, '‹ ' + T('back')));
      content.append(advanced);
    } else {
      const pro = models.find((m) => m.pro);
      const advancedView = () => {
        const view = modelMenu({ 'data-testid': 'composer-model-picker-slider-advanced-view' }, models);
        content.replaceChildren(view);
      };
      content = h('div', { role: 'dialog', 'data-testid': 'composer-intelligence-picker-content', class: 'popover picker' },
        h('div', { class: 'pane-title', text: 'Intelligence' }), slider06(),
        pro ? h('button', {
          type: 'button', 'data-testid': 'composer-intelligence-pro-thinking-effort-trigger', 'aria-disabled': pro.disabled ? 'true' : null,
          onclick: () => { if (!pro.disabled) { set({ model: pro.slug }); close(); } },
        }, 'Pro') : null,
        h('button', { type: 'button', 'data-testid': 'composer-model-picker-advanced-button', onclick: advancedView }, 'Advanced ›'));
    }
    place(content);
  }

  // place shows the picker's content in a portal under the trigger, or
  // above it when it does not fit below (a Radix popper flips the same
  // way). It is placed before it is first drawn, so a pointer aimed at
  // one of its items never lands where the portal was before it moved.
  function place(content) {
    p.wrap = h('div', { 'data-radix-popper-content-wrapper': '', style: 'position: fixed; left: 0px; top: 0px; z-index: 50;' }, content);
    document.body.append(p.wrap);
    const r = trigger.getBoundingClientRect();
    const height = p.wrap.getBoundingClientRect().height;
    let top = r.bottom + 4;
    if (top + height > window.innerHeight && r.top - 4 - height >= 0) top = r.top - 4 - height;
    p.wrap.style.transform = `translate(${Math.round(r.left)}px, ${Math.round(top)}px)`;
  }

  function open() {
    if (p.open) return;
    p.open = true;
    trigger.setAttribute('aria-expanded', 'true');
    const token = ++p.token;
    setTimeout(() => { if (p.open && token === p.token) render(); }, 40 + Math.random() * 160);
  }

  function close() {
    if (!p.open) return;
    p.open = false;
    p.token++;
    if (p.wrap) p.wrap.remove();
    if (p.tip) p.tip.remove();
    p.wrap = null;
    p.tip = null;
    trigger.setAttribute('aria-expanded', 'false');
    update();
  }

  trigger.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    if (p.open) close(); else open();
  });
  trigger.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(); }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && p.open) { e.stopImmediatePropagation(); close(); }
  }, true);
  document.addEventListener('pointerdown', (e) => {
    if (!p.open || e.target === trigger || (p.wrap && p.wrap.contains(e.target))) return;
    close();
  }, true);
  update();
  return trigger;
}
