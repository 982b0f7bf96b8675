// A small, faithful markdown renderer for the mock ChatGPT page: the
// CommonMark blocks a model writes (fenced and indented code, ATX and setext
// headings, paragraphs, lists, block quotes, rules, GFM tables) and the
// common inline forms (code spans, emphasis, links, autolinks, hard breaks).
// Raw HTML is shown as text, as ChatGPT does. A fenced block gets ChatGPT's
// header bar with the language name and a "Copy code" button, so innerText
// is lossy in the same ways as the real page: fence markers vanish, the
// language tag becomes a line of text, and a fence inside a fence splits the
// block. With {lossy: true} (the dom_differs fault) tag-like text outside
// code is dropped as well.
(function (global) {
  'use strict';

  const ESC = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  function escapeHTML(s) { return s.replace(/[&<>"]/g, (c) => ESC[c]); }

  const FENCE_OPEN = /^( {0,3})(`{3,}|~{3,})(.*)$/;
  const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
  const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
  const HR = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
  const QUOTE = /^ {0,3}> ?/;
  const LIST_ITEM = /^( {0,3})([-+*]|\d{1,9}[.)])([ \t]+|$)/;
  const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
  const TABLE_DELIM = /^ *\|? *:?-+:? *(\| *:?-+:? *)*\|? *$/;

  function isBlank(l) { return /^[ \t]*$/.test(l); }

  // indentOf counts leading columns, a tab advancing to the next stop of 4.
  function indentOf(l) {
    let col = 0;
    for (const ch of l) {
      if (ch === ' ') col++;
      else if (ch === '\t') col += 4 - (col % 4);
      else break;
    }
    return col;
  }

  // dropColumns removes n columns of leading white space.
  function dropColumns(l, n) {
    let col = 0, i = 0;
    while (i < l.length && col < n) {
      if (l[i] === ' ') col++;
      else if (l[i] === '\t') col += 4 - (col % 4);
      else break;
      i++;
    }
    return l.slice(i);
  }

  function fenceOpen(line) {
    const m = FENCE_OPEN.exec(line);
    if (!m) return null;
    if (m[2][0] === '`' && m[3].includes('`')) return null;
    return { indent: m[1].length, fence: m[2], info: m[3].trim() };
  }

  function listItem(line) {
    const m = LIST_ITEM.exec(line);
    if (!m) return null;
    const ordered = /\d/.test(m[2]);
    const pad = m[3].length >= 1 && m[3].length <= 4 ? m[3].length : 1;
    return {
      ordered,
      marker: ordered ? m[2].slice(-1) : m[2],
      start: ordered ? parseInt(m[2], 10) : 1,
      content: m[1].length + m[2].length + (m[3] === '' ? 1 : pad),
      empty: line.slice(m[0].length).trim() === '',
    };
  }

  // interrupts says whether line starts a block that ends a paragraph.
  function interrupts(line) {
    if (fenceOpen(line) || ATX.test(line) || HR.test(line) || QUOTE.test(line)) return true;
    const li = listItem(line);
    return !!li && !li.empty && (!li.ordered || li.start === 1);
  }

  function parseBlocks(lines) {
    const out = [];
    let i = 0;
    while (i < lines.length) {
      const line = lines[i];
      if (isBlank(line)) { i++; continue; }
      const f = fenceOpen(line);
      if (f) {
        i++;
        const body = [];
        while (i < lines.length) {
          const c = FENCE_CLOSE.exec(lines[i]);
          if (c && c[1][0] === f.fence[0] && c[1].length >= f.fence.length) { i++; break; }
          body.push(dropColumns(lines[i], f.indent));
          i++;
        }
        out.push({ type: 'code', lang: f.info.split(/\s+/)[0] || '', text: body.join('\n') });
        continue;
      }
      if (indentOf(line) >= 4) {
        const body = [];
        while (i < lines.length && (indentOf(lines[i]) >= 4 || isBlank(lines[i]))) {
          body.push(dropColumns(lines[i], 4));
          i++;
        }
        while (body.length && isBlank(body[body.length - 1])) body.pop();
        out.push({ type: 'code', lang: '', text: body.join('\n'), indented: true });
        continue;
      }
      let m = ATX.exec(line);
      if (m) { out.push({ type: 'heading', level: m[1].length, text: m[2] || '' }); i++; continue; }
      if (HR.test(line)) { out.push({ type: 'hr' }); i++; continue; }
      if (QUOTE.test(line)) {
        const body = [];
        while (i < lines.length && !isBlank(lines[i])) {
          if (QUOTE.test(lines[i])) body.push(lines[i].replace(QUOTE, ''));
          else if (!interrupts(lines[i])) body.push(lines[i]);
          else break;
          i++;
        }
        out.push({ type: 'quote', children: parseBlocks(body) });
        continue;
      }
      const li = listItem(line);
      if (li) { i = parseList(lines, i, li, out); continue; }
      if (line.includes('|') && i + 1 < lines.length && TABLE_DELIM.test(lines[i + 1]) && lines[i + 1].includes('-')) {
        i = parseTable(lines, i, out);
        continue;
      }
      const para = [line];
      i++;
      let heading = 0;
      while (i < lines.length && !isBlank(lines[i])) {
        const s = SETEXT.exec(lines[i]);
        if (s) { heading = s[1][0] === '=' ? 1 : 2; i++; break; }
        if (interrupts(lines[i])) break;
        para.push(lines[i]);
        i++;
      }
      const text = para.map((l) => l.replace(/^[ \t]+/, '')).join('\n').replace(/[ \t]+$/, '');
      out.push(heading ? { type: 'heading', level: heading, text } : { type: 'para', text });
    }
    return out;
  }

  function parseList(lines, i, first, out) {
    const list = { type: 'list', ordered: first.ordered, start: first.start, loose: false, items: [] };
    while (i < lines.length) {
      const li = listItem(lines[i]);
      if (!li || li.ordered !== first.ordered || li.marker !== first.marker) break;
      const body = [lines[i].length > li.content ? lines[i].slice(li.content) : ''];
      i++;
      let blank = false;
      while (i < lines.length) {
        const l = lines[i];
        if (isBlank(l)) { body.push(''); blank = true; i++; continue; }
        if (indentOf(l) >= li.content) { body.push(dropColumns(l, li.content)); blank = false; i++; continue; }
        if (blank || listItem(l) || interrupts(l)) break;
        body.push(l); // lazy continuation
        i++;
      }
      let trailing = false;
      while (body.length && isBlank(body[body.length - 1])) { body.pop(); trailing = true; }
      if (body.some((l, k) => k > 0 && isBlank(l))) list.loose = true;
      list.items.push(parseBlocks(body));
      const next = i < lines.length ? listItem(lines[i]) : null;
      if (trailing && next && next.ordered === first.ordered && next.marker === first.marker) list.loose = true;
      if (trailing && !next) break;
    }
    out.push(list);
    return i;
  }

  function splitRow(line) {
    let s = line.trim();
    if (s.startsWith('|')) s = s.slice(1);
    if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
    const cells = [];
    let cur = '';
    for (let k = 0; k < s.length; k++) {
      if (s[k] === '\\' && s[k + 1] === '|') { cur += '|'; k++; continue; }
      if (s[k] === '|') { cells.push(cur.trim()); cur = ''; continue; }
      cur += s[k];
    }
    cells.push(cur.trim());
    return cells;
  }

  function parseTable(lines, i, out) {
    const header = splitRow(lines[i]);
    const align = splitRow(lines[i + 1]).map((c) =>
      c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : '');
    i += 2;
    const rows = [];
    while (i < lines.length && !isBlank(lines[i]) && lines[i].includes('|') && !interrupts(lines[i])) {
      rows.push(splitRow(lines[i]));
      i++;
    }
    out.push({ type: 'table', header, align, rows });
    return i;
  }

  // ---------------------------------------------------------------- inline

  const ESCAPABLE = /\\([!-/:-@[-`{-~])/g;
  const TAG = /<\/?[A-Za-z][A-Za-z0-9_.:-]*(?:\s[^<>]*)?\/?>|<!\[CDATA\[|\]\]>|<!--|-->/g;

  function renderInline(text, opts) {
    let out = '';
    let i = 0;
    while (i < text.length) {
      const j = text.indexOf('`', i);
      if (j < 0) { out += inlineText(text.slice(i), opts); break; }
      let k = j;
      while (text[k] === '`') k++;
      const run = k - j;
      const close = findRun(text, k, run);
      if (close < 0 || (j > 0 && text[j - 1] === '\\')) {
        out += inlineText(text.slice(i, k), opts);
        i = k;
        continue;
      }
      out += inlineText(text.slice(i, j), opts);
      let code = text.slice(k, close).replace(/\n/g, ' ');
      if (code.length > 2 && code[0] === ' ' && code[code.length - 1] === ' ' && code.trim()) code = code.slice(1, -1);
      out += '<code>' + escapeHTML(code) + '</code>';
      i = close + run;
    }
    return out;
  }

  // findRun finds a run of exactly n backticks from position from.
  function findRun(text, from, n) {
    let p = from;
    for (;;) {
      const c = text.indexOf('`', p);
      if (c < 0) return -1;
      let e = c;
      while (text[e] === '`') e++;
      if (e - c === n) return c;
      p = e;
    }
  }

  function inlineText(t, opts) {
    if (!t) return '';
    if (opts.lossy) t = t.replace(TAG, '');
    const held = [];
    const hold = (html) => '\u0000' + (held.push(html) - 1) + '\u0000';
    t = t.replace(/\\\n/g, () => hold('<br>\n'));
    t = t.replace(ESCAPABLE, (_, ch) => hold(escapeHTML(ch)));
    t = t.replace(/\[([^\]\n]+)\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g, (_, label, url) =>
      hold('<a href="' + escapeHTML(url) + '" target="_blank" rel="noopener" class="decorated-link">' + escapeHTML(label) + '</a>'));
    t = t.replace(/<(https?:\/\/[^\s<>]+)>/g, (_, url) =>
      hold('<a href="' + escapeHTML(url) + '" target="_blank" rel="noopener">' + escapeHTML(url) + '</a>'));
    t = t.replace(/\bhttps?:\/\/[^\s<>"'`]*[^\s<>"'`.,:;!?)\]]/g, (url) =>
      hold('<a href="' + escapeHTML(url) + '" target="_blank" rel="noopener">' + escapeHTML(url) + '</a>'));
    t = escapeHTML(t);
    t = t.replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, '<strong>$1</strong>');
    t = t.replace(/(^|[^\w])__(?=\S)([\s\S]*?\S)__(?!\w)/g, '$1<strong>$2</strong>');
    t = t.replace(/(^|[^*\w])\*(?=[^\s*])([^*\n]*?[^\s*])\*(?!\*)/g, '$1<em>$2</em>');
    t = t.replace(/(^|[^\w])_(?=[^\s_])([^_\n]*?[^\s_])_(?!\w)/g, '$1<em>$2</em>');
    t = t.replace(/~~(?=\S)([\s\S]*?\S)~~/g, '<del>$1</del>');
    t = t.replace(/ {2,}\n/g, '<br>\n');
    return t.replace(/\u0000(\d+)\u0000/g, (_, n) => held[+n]);
  }

  // ---------------------------------------------------------------- output

  const COPY_ICON = '<svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" class="icon-sm"><path d="M7 3h8a2 2 0 0 1 2 2v8M5 7h8a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2z" fill="none" stroke="currentColor" stroke-width="1.5"/></svg>';

  function codeBlock(b) {
    const lang = escapeHTML(b.lang);
    const cls = b.lang ? ' language-' + lang : '';
    return '<pre class="overflow-visible!"><div class="contain-inline-size rounded-2xl relative code-block">' +
      '<div class="code-header flex items-center text-token-text-secondary px-4 py-2 text-xs font-sans justify-between h-9 select-none rounded-t-2xl">' + lang + '</div>' +
      '<div class="sticky top-9"><div class="code-actions absolute end-0 bottom-0 flex h-9 items-center pe-2">' +
      '<div class="bg-token-bg-elevated-secondary text-token-text-secondary flex items-center gap-4 rounded-sm px-2 font-sans text-xs">' +
      '<button class="flex gap-1 items-center select-none py-1" aria-label="Copy" data-code-copy="">' + COPY_ICON + 'Copy code</button>' +
      '</div></div></div>' +
      '<div class="overflow-y-auto p-4" dir="ltr"><code class="whitespace-pre!' + cls + '">' + escapeHTML(b.text) + '</code></div>' +
      '</div></pre>';
  }

  function renderBlocks(blocks, opts, tight) {
    let html = '';
    for (const b of blocks) {
      switch (b.type) {
        case 'code': html += codeBlock(b); break;
        case 'heading': html += '<h' + b.level + '>' + renderInline(b.text, opts) + '</h' + b.level + '>'; break;
        case 'hr': html += '<hr>'; break;
        case 'quote': html += '<blockquote>' + renderBlocks(b.children, opts, false) + '</blockquote>'; break;
        case 'para': html += tight ? renderInline(b.text, opts) : '<p>' + renderInline(b.text, opts) + '</p>'; break;
        case 'list': {
          const tag = b.ordered ? 'ol' : 'ul';
          const start = b.ordered && b.start !== 1 ? ' start="' + b.start + '"' : '';
          html += '<' + tag + start + '>';
          for (const item of b.items) html += '<li>' + renderBlocks(item, opts, !b.loose) + '</li>';
          html += '</' + tag + '>';
          break;
        }
        case 'table': {
          const cell = (tag, text, k) => '<' + tag + (b.align[k] ? ' style="text-align:' + b.align[k] + '"' : '') + '>' + renderInline(text, opts) + '</' + tag + '>';
          html += '<div class="_tableContainer"><table><thead><tr>' + b.header.map((c, k) => cell('th', c, k)).join('') + '</tr></thead><tbody>';
          for (const r of b.rows) html += '<tr>' + b.header.map((_, k) => cell('td', r[k] || '', k)).join('') + '</tr>';
          html += '</tbody></table></div>';
          break;
        }
      }
    }
    return html;
  }

  // render turns markdown into the message's HTML.
  function render(md, opts) {
    opts = opts || {};
    const lines = String(md).replace(/\r\n?/g, '\n').split('\n');
    return renderBlocks(parseBlocks(lines), opts, false);
  }

  // copyText is what the turn's copy button puts on the clipboard: the
  // markdown, re-serialised the way ChatGPT does in the one respect the
  // mock reproduces (trailing white space trimmed).
  function copyText(md) { return String(md).replace(/\s+$/, ''); }

  global.MockMarkdown = { render, parseBlocks, renderInline, copyText, escapeHTML };
})(window);
