// Small DOM helpers shared by the mock page's modules.

// GEN is the page generation this load renders ('2025', '2026-06',
// '2026-09', '2026-11'; see CONTRACT.md "Generations").
export const CFG = JSON.parse(document.getElementById('mock-config').textContent);
export const GEN = CFG.dom;

// T is the page's label for key in its UI language (CONTRACT.md
// "Languages"); {n} and {name} in it are replaced from vars.
export function T(key, vars) {
  let s = (CFG.labels && CFG.labels[key]) || key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split('{' + k + '}').join(String(v));
  return s;
}

// NOV: the 2026-11 page (the 2026-09 page with the new picker).
export const NOV = GEN === '2026-11';

// The 2026-09 and 2026-11 pages have no data-testid at all.
const testids = GEN !== '2026-09' && !NOV;

// h creates an element: attrs sets attributes (class, text, html, on*
// listeners; false or null leaves one out), kids are appended.
export function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === false || v == null || (k === 'data-testid' && !testids)) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k === 'html') e.innerHTML = v;
    else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of kids.flat()) if (c != null && c !== false) e.append(c);
  return e;
}

// $ is querySelector.
export const $ = (sel, root) => (root || document).querySelector(sel);

// sleep resolves after ms milliseconds.
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// uuid returns a random UUID (version 4), the form of message ids.
export function uuid() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
  const x = [...b].map((v) => v.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

// toast shows a short notice at the bottom of the page.
export function toast(text) {
  const t = h('div', { class: 'toast', role: 'status', text });
  document.body.append(t);
  setTimeout(() => t.remove(), 4000);
}
