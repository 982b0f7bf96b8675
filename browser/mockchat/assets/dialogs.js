// The page's dialogs: the modals (beacon and rate limit) and the login
// prompt.

import { h, $, GEN } from './dom.js';

let modal = null;
let onModalClose = null;

function trapFocus(e) {
  if (modal && !modal.contains(e.target)) { e.stopPropagation(); $('button', modal).focus(); }
}

// openModal shows a modal over the page: kind 'beacon' (the modal fault:
// "Try group chats") or 'rate_limit' (the conversation-history rate-limit
// modal: "Too many requests", "Got it"). Its wrapper is #modal-beacon on the
// 2025 page, [data-testid="modal-beacon"] or
// [data-testid="modal-conversation-history-rate-limit"] on the 2026-06 page,
// and a bare overlay on the 2026-09 page (no testids). Like a Radix dialog
// it traps focus until dismissed with Esc or one of its buttons.
export function openModal(onClose, kind) {
  if (modal) return;
  onModalClose = onClose;
  const limit = kind === 'rate_limit';
  const body = limit
    ? [h('h2', { id: 'modal-title', text: 'Too many requests' }),
      h('p', { text: "You're making requests too quickly. We've temporarily limited access to your conversation history. Please wait a few minutes before trying again." }),
      h('div', { class: 'buttons' }, h('button', { type: 'button', class: 'primary', onclick: closeModal }, 'Got it'))]
    : [h('h2', { id: 'modal-title', text: 'Try group chats' }),
      h('p', { text: 'Plan a trip, settle a debate or build something together: invite others into a chat with ChatGPT.' }),
      h('div', { class: 'buttons' },
        h('button', { type: 'button', onclick: closeModal }, 'Not now'),
        h('button', { type: 'button', class: 'primary', onclick: closeModal }, 'Try it')),
      h('button', { type: 'button', 'aria-label': 'Close', 'data-testid': 'close-button', class: 'close', onclick: closeModal }, '×')];
  const dialog = h('div', { role: 'dialog', 'aria-modal': 'true', 'data-state': 'open', class: 'dialog', 'aria-labelledby': 'modal-title', tabindex: '-1' }, ...body);
  const wrap = GEN === '2025' ? { id: 'modal-beacon' } : { 'data-testid': limit ? 'modal-conversation-history-rate-limit' : 'modal-beacon' };
  modal = h('div', wrap, h('div', { class: 'overlay', 'data-state': 'open' }, dialog));
  document.body.append(modal);
  document.addEventListener('focusin', trapFocus, true);
  $('button', dialog).focus();
}

// closeModal dismisses the modal, if one is open.
export function closeModal() {
  if (!modal) return;
  modal.remove();
  modal = null;
  document.removeEventListener('focusin', trapFocus, true);
  if (onModalClose) onModalClose();
}

// modalOpen reports whether the modal is open.
export function modalOpen() { return modal !== null; }

document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && modal) closeModal(); });

// openLoginDialog asks a logged-out user to log in (after a 401).
export function openLoginDialog() {
  if ($('#login-dialog')) return;
  const close = () => $('#login-dialog') && $('#login-dialog').remove();
  document.body.append(h('div', { id: 'login-dialog', class: 'overlay' },
    h('div', { role: 'dialog', 'aria-modal': 'true', class: 'dialog', 'aria-labelledby': 'login-title' },
      h('h2', { id: 'login-title', text: 'Log in or sign up' }),
      h('p', { text: "You'll get smarter responses and can upload files, images, and more." }),
      h('div', { class: 'buttons' },
        h('button', { type: 'button', onclick: close }, 'Stay logged out'),
        h('button', { type: 'button', class: 'primary', onclick: () => { location.href = '/auth/login'; } }, 'Log in'),
        h('button', { type: 'button', onclick: () => { location.href = '/auth/login'; } }, 'Sign up for free')))));
}
