'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const bin = path.join(__dirname, '..', 'bin', 'todo.js');
const fixture = path.join(__dirname, 'fixtures', 'todos.json');

function todo(...args) {
  return execFileSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
}

test('list shows open todos', () => {
  assert.equal(todo('list', fixture), '[ ]   1  buy milk\n[ ]   3  call the bank\n');
});

test('list --all shows done ones too', () => {
  assert.match(todo('list', '--all', fixture), /\[x\]   2  water plants/);
});
