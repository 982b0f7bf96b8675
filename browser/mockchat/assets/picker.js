// The 2026 model/effort pickers (CONTRACT.md "Pickers"); the 2025 menu is
// menu.js. Both open on pointerdown or Enter/Space (never on a synthetic
// click()), render in a portal at the end of <body> after a short delay,
// and close on Esc or a press outside.
//
// 2026-06: button.__composer-pill (shows the effort) opens
// [data-testid="composer-intelligence-picker-content"]: an effort slider
// [data-model-reasoning-effort-slider][role=slider], the Pro trigger
// [data-testid="composer-intelligence-pro-thinking-effort-trigger"] and an
// Advanced button opening
// [data-testid="composer-model-picker-slider-advanced-view"], a menu of
// every model ([role=menuitemradio][data-value=<slug>]).
//
// 2026-09: button[data-codex-intelligence-trigger="true"] (aria-label
// "Select ChatGPT model", shows the effort) opens two panes
// [data-model-picker-view="simple"|"advanced"] (the active one
// data-active="true", the other inert): the simple pane's power slider
// [data-reasoning-slider][role=slider] (light … pro; a Pro-limited account
// stops at extra-high) and its [data-model-picker-view-toggle]; the
// advanced pane's models ([role=menuitemradio][data-value=<slug>]).
// Sliders move with the arrow keys, Home and End, and carry
// data-selected-reasoning-effort.

import { h, GEN } from './dom.js';

const LABELS = { light: 'Light', standard: 'Standard', extended: 'Extended', 'extra-high': 'Extra high', pro: 'Pro' };

// picker2026 returns the trigger of the generation's picker. models are
// the models (slug, label, disabled), efforts the slider's tiers,
// get() the current {model, effort}, set(patch) changes them.
export function picker2026({ models, efforts, get, set }) {
  const sep = GEN === '2026-09';
  const p = { open: false, token: 0, wrap: null };
  const trigger = h('button', sep
    ? { type: 'button', 'data-codex-intelligence-trigger': 'true', 'aria-label': 'Select ChatGPT model', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', class: 'intelligence-trigger' }
    : { type: 'button', class: '__composer-pill intelligence-pill', 'aria-haspopup': 'dialog', 'aria-expanded': 'false' });

  function update() {
    const cur = get();
    trigger.textContent = LABELS[cur.effort] || cur.effort; // the chevron is drawn by CSS, as an icon
    if (sep) trigger.setAttribute('data-selected-reasoning-effort', cur.effort);
  }

  function slider(attr) {
    const el = h('div', { [attr]: '', role: 'slider', tabindex: '0', 'aria-orientation': 'horizontal', 'aria-valuemin': '0', 'aria-valuemax': String(efforts.length - 1), class: 'effort-slider' });
    const show = () => {
      const i = Math.max(0, efforts.indexOf(get().effort));
      el.setAttribute('aria-valuenow', String(i));
      el.setAttribute('aria-valuetext', LABELS[efforts[i]] || efforts[i]);
      el.setAttribute('data-selected-reasoning-effort', efforts[i]);
      el.replaceChildren(...efforts.map((e, j) => h('span', { class: j === i ? 'tick on' : 'tick', text: LABELS[e] || e })));
    };
    el.addEventListener('keydown', (e) => {
      let i = Math.max(0, efforts.indexOf(get().effort));
      if (e.key === 'ArrowRight' || e.key === 'ArrowUp') i++;
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') i--;
      else if (e.key === 'Home') i = 0;
      else if (e.key === 'End') i = efforts.length - 1;
      else return;
      e.preventDefault();
      i = Math.min(Math.max(i, 0), efforts.length - 1);
      set(efforts[i] === 'pro' && sep ? { effort: 'pro' } : { effort: efforts[i] });
      show();
      update();
    });
    show();
    return el;
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

  function render() {
    let content;
    if (sep) {
      const simple = h('div', { 'data-model-picker-view': 'simple', 'data-active': 'true', class: 'pane' },
        h('div', { class: 'pane-title', text: 'Intelligence' }), slider('data-reasoning-slider'));
      const advanced = h('div', { 'data-model-picker-view': 'advanced', 'data-active': 'false', inert: '', class: 'pane' },
        modelMenu({}, models.filter((m) => !m.pro)));
      const activate = (pane) => {
        for (const x of [simple, advanced]) {
          const on = x === pane;
          x.setAttribute('data-active', String(on));
          if (on) x.removeAttribute('inert'); else x.setAttribute('inert', '');
        }
      };
      simple.append(h('button', { type: 'button', 'data-model-picker-view-toggle': '', onclick: () => activate(advanced) }, 'More models ›'));
      advanced.prepend(h('button', { type: 'button', 'data-model-picker-view-toggle': '', onclick: () => activate(simple) }, '‹ Back'));
      content = h('div', { role: 'dialog', class: 'popover picker', 'aria-label': 'Model picker' }, simple, advanced);
    } else {
      const pro = models.find((m) => m.pro);
      const advancedView = () => {
        const view = modelMenu({ 'data-testid': 'composer-model-picker-slider-advanced-view' }, models);
        content.replaceChildren(view);
      };
      content = h('div', { role: 'dialog', 'data-testid': 'composer-intelligence-picker-content', class: 'popover picker' },
        h('div', { class: 'pane-title', text: 'Intelligence' }), slider('data-model-reasoning-effort-slider'),
        pro ? h('button', {
          type: 'button', 'data-testid': 'composer-intelligence-pro-thinking-effort-trigger', 'aria-disabled': pro.disabled ? 'true' : null,
          onclick: () => { if (!pro.disabled) { set({ model: pro.slug }); close(); } },
        }, 'Pro') : null,
        h('button', { type: 'button', 'data-testid': 'composer-model-picker-advanced-button', onclick: advancedView }, 'Advanced ›'));
    }
    p.wrap = h('div', { 'data-radix-popper-content-wrapper': '', style: 'position: fixed; left: 0px; top: 0px; z-index: 50;' }, content);
    document.body.append(p.wrap);
    const r = trigger.getBoundingClientRect();
    requestAnimationFrame(() => { p.wrap.style.transform = `translate(${Math.round(r.left)}px, ${Math.round(r.bottom + 4)}px)`; });
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
    p.wrap = null;
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
