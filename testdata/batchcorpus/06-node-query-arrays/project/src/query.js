'use strict';

function decode(s) {
  return decodeURIComponent(s.replace(/\+/g, ' '));
}

// parseQuery turns 'a=1&b=2' (with or without a leading '?') into an object.
function parseQuery(qs) {
  const out = {};
  const s = qs.startsWith('?') ? qs.slice(1) : qs;
  if (!s) return out;
  for (const part of s.split('&')) {
    if (!part) continue;
    const i = part.indexOf('=');
    const key = decode(i < 0 ? part : part.slice(0, i));
    const value = i < 0 ? '' : decode(part.slice(i + 1));
    out[key] = value;
  }
  return out;
}

// stringifyQuery is the inverse of parseQuery.
function stringifyQuery(obj) {
  return Object.keys(obj)
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(obj[k])}`)
    .join('&');
}

module.exports = { parseQuery, stringifyQuery };
