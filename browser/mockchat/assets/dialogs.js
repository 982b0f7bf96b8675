// The page's dialogs: the #modal-beacon modal and the login prompt.

import { h, $ } from './dom.js';

let modal = null;
let onModalClose = null;

function trapFocus(e) {
  if (modal && !modal.contains(e.target)) { e.stopPropagation(); $('button', modal).focus(); }
}

// openModal shows the #modal-beacon dialog over the page (the modal
// fault). Like a Radix dialog it traps focus until dismissed with Esc,
// "Not now" or Close.
export function openModal(onClose) {
  if (modal) return;
  onModalClose = onClose;
  const dialog = h('div', { role: 'dialog', 'aria-modal': 'true', 'data-state': 'open', class: 'dialog', 'aria-labelledby': 'modal-title', tabindex: '-1' },
    h('h2', { id: 'modal-title', text: 'Try group chats' }),
    h('p', { text: 'Plan a trip, settle a debate or build something together: invite others into a chat with ChatGPT.' }),
    h('div', { class: 'buttons' },
      h('button', { type: 'button', onclick: closeModal }, 'Not now'),
      h('button', { type: 'button', class: 'primary', onclick: closeModal }, 'Try it')),
    h('button', { type: 'button', 'aria-label': 'Close', class: 'close', onclick: closeModal }, '×'));
  modal = h('div', { id: 'modal-beacon' }, h('div', { class: 'overlay', 'data-state': 'open' }, dialog));
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
