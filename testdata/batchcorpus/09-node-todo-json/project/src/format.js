'use strict';

function formatTable(todos) {
  if (todos.length === 0) return '(nothing to do)';
  return todos.map((t) => `${t.done ? '[x]' : '[ ]'} ${String(t.id).padStart(3)}  ${t.title}`).join('\n');
}

module.exports = { formatTable };
