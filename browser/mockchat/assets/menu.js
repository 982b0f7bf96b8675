// The model switcher: a Radix-like dropdown menu. The trigger opens on
// pointerdown (a real press) or Enter/Space/ArrowDown, never on a synthetic
// click(). The menu renders in a portal at the end of <body> after an
// asynchronous 50–300 ms (a lazily loaded chunk), first painted at the
// top-left corner and then moved under its trigger. Items are
// menuitemradio with aria-checked; disabled ones carry aria-disabled and
// data-disabled; the "Legacy models" submenu opens on pointer move.

import { h } from './dom.js';

// modelMenu returns the switcher's trigger button. models are the menu's
// entries, selected() the current slug, onSelect(slug) is called on a
// choice, and testid is the trigger's data-testid.
export function modelMenu({ models, selected, onSelect, testid }) {
  const menu = { open: false, token: 0, wrap: null, sub: null, subTrigger: null };
  const button = h('button', {
    type: 'button', id: 'radix-model-trigger', class: '__composer-pill model-switcher',
    'data-testid': testid, 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'data-state': 'closed',
  });

  function label() {
    const m = models.find((x) => x.slug === selected());
    return m ? m.short : selected();
  }

  function update() {
    button.setAttribute('aria-label', 'Model selector, current model is ' + label());
    button.replaceChildren('ChatGPT ', h('span', { class: 'model-short', text: label() }), ' ▾');
  }

  function open() {
    if (menu.open) return;
    menu.open = true;
    button.setAttribute('aria-expanded', 'true');
    button.dataset.state = 'open';
    const token = ++menu.token;
    setTimeout(() => { if (menu.open && token === menu.token) render(); }, 50 + Math.random() * 250);
  }

  function portal(content) {
    const wrap = h('div', {
      'data-radix-popper-content-wrapper': '', dir: 'ltr',
      style: 'position: fixed; left: 0px; top: 0px; transform: translate(0px, 0px); min-width: max-content; z-index: 50;',
    }, content);
    document.body.append(wrap);
    return wrap;
  }

  function place(wrap, x, y) {
    requestAnimationFrame(() => { wrap.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`; });
  }

  function choose(m) {
    if (m.disabled) return;
    onSelect(m.slug);
    update();
    close();
  }

  function item(m) {
    const checked = m.slug === selected();
    const el = h('div', {
      role: 'menuitemradio', 'aria-checked': String(checked), 'data-state': checked ? 'checked' : 'unchecked',
      'data-testid': 'model-switcher-' + m.slug, tabindex: '-1', 'data-orientation': 'vertical', 'data-radix-collection-item': '',
      'aria-disabled': m.disabled ? 'true' : null, 'data-disabled': m.disabled ? '' : null,
    }, h('div', { class: 'item-text' }, h('div', { text: m.label }), m.description ? h('div', { class: 'item-desc', text: m.description }) : null),
    checked ? h('span', { class: 'check', 'aria-hidden': 'true', text: '✓' }) : null);
    el.addEventListener('pointermove', () => { highlight(el, m.disabled); if (!m.legacy) closeSub(); });
    el.addEventListener('click', () => choose(m));
    el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); choose(m); } });
    return el;
  }

  function highlight(el, disabled) {
    for (const x of document.querySelectorAll('[role=menu] [data-highlighted]')) x.removeAttribute('data-highlighted');
    if (disabled) return;
    el.setAttribute('data-highlighted', '');
    el.focus({ preventScroll: true });
  }

  function render() {
    const content = h('div', {
      role: 'menu', 'aria-orientation': 'vertical', 'data-state': 'open', 'data-side': 'bottom', 'data-align': 'start',
      'data-radix-menu-content': '', 'aria-labelledby': 'radix-model-trigger', tabindex: '-1', class: 'popover model-menu',
      'data-testid': 'model-switcher-menu',
    }, h('div', { class: 'menu-label', text: 'GPT-5.2' }));
    for (const m of models.filter((x) => !x.legacy)) content.append(item(m));
    if (models.some((x) => x.legacy)) {
      const sub = h('div', {
        role: 'menuitem', 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'data-state': 'closed', tabindex: '-1',
        'data-testid': 'legacy-models-submenu', 'data-radix-collection-item': '',
      }, h('div', { class: 'item-text', text: 'Legacy models' }), h('span', { 'aria-hidden': 'true', text: '›' }));
      sub.addEventListener('pointermove', () => { highlight(sub, false); openSub(); });
      sub.addEventListener('click', openSub);
      sub.addEventListener('keydown', (e) => { if (e.key === 'ArrowRight' || e.key === 'Enter') { e.preventDefault(); openSub(); } });
      menu.subTrigger = sub;
      content.append(sub);
    }
    menu.wrap = portal(content);
    const r = button.getBoundingClientRect();
    place(menu.wrap, r.left, r.bottom + 4);
    content.focus({ preventScroll: true });
  }

  function openSub() {
    if (menu.sub || !menu.subTrigger) return;
    const trigger = menu.subTrigger;
    trigger.setAttribute('aria-expanded', 'true');
    trigger.dataset.state = 'open';
    const token = menu.token;
    menu.sub = 'pending';
    setTimeout(() => {
      if (!menu.open || token !== menu.token || menu.sub !== 'pending') return;
      const content = h('div', {
        role: 'menu', 'aria-orientation': 'vertical', 'data-state': 'open', 'data-side': 'right', 'data-align': 'start',
        'data-radix-menu-content': '', tabindex: '-1', class: 'popover model-submenu', 'data-testid': 'legacy-models-menu',
      });
      for (const m of models.filter((x) => x.legacy)) content.append(item(m));
      menu.sub = portal(content);
      const r = trigger.getBoundingClientRect();
      place(menu.sub, r.right + 4, r.top);
    }, 30 + Math.random() * 70);
  }

  function closeSub() {
    if (!menu.sub) return;
    if (menu.sub !== 'pending') menu.sub.remove();
    menu.sub = null;
    if (menu.subTrigger) { menu.subTrigger.setAttribute('aria-expanded', 'false'); menu.subTrigger.dataset.state = 'closed'; }
  }

  function close() {
    if (!menu.open) return;
    closeSub();
    menu.open = false;
    menu.token++;
    if (menu.wrap) menu.wrap.remove();
    menu.wrap = null;
    menu.subTrigger = null;
    button.setAttribute('aria-expanded', 'false');
    button.dataset.state = 'closed';
    button.focus({ preventScroll: true });
  }

  button.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || e.ctrlKey) return;
    e.preventDefault();
    if (menu.open) close(); else open();
  });
  button.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') { e.preventDefault(); open(); }
  });
  // Esc closes the submenu first, then the menu; a press outside closes it.
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !menu.open) return;
    e.stopImmediatePropagation();
    if (menu.sub && menu.sub !== 'pending') closeSub(); else close();
  }, true);
  document.addEventListener('pointerdown', (e) => {
    if (!menu.open || e.target.closest('[data-radix-popper-content-wrapper]') || e.target === button || button.contains(e.target)) return;
    close();
  }, true);
  update();
  return button;
}
