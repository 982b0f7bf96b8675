#!/usr/bin/env node
'use strict';

const { loadTodos } = require('../src/store');
const { formatTable } = require('../src/format');

function main(argv) {
  const [cmd, ...rest] = argv;
  if (cmd !== 'list') {
    process.stderr.write('usage: todo list [--all] FILE\n');
    return 2;
  }
  const all = rest.includes('--all');
  const file = rest.filter((a) => !a.startsWith('--'))[0] || 'todos.json';
  let todos = loadTodos(file);
  if (!all) todos = todos.filter((t) => !t.done);
  process.stdout.write(formatTable(todos) + '\n');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
