'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { parseQuery, stringifyQuery } = require('../src');

test('parses pairs and decodes them', () => {
  assert.deepEqual(parseQuery('?a=1&b=x%20y&c=p+q'), { a: '1', b: 'x y', c: 'p q' });
});

test('a key without a value is empty', () => {
  assert.deepEqual(parseQuery('flag&x=1'), { flag: '', x: '1' });
});

test('stringify encodes', () => {
  assert.equal(stringifyQuery({ q: 'a&b', n: 2 }), 'q=a%26b&n=2');
});
