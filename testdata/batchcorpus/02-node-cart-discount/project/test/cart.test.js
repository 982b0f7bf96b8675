'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { Cart } = require('../src/cart');

test('total sums the lines', () => {
  const cart = new Cart();
  cart.add('mug', 8.5, 2);
  cart.add('tea', 4.99);
  assert.equal(cart.total(), 21.99);
});

test('adding a sku again raises its quantity', () => {
  const cart = new Cart();
  cart.add('mug', 8.5);
  cart.add('mug', 8.5);
  assert.equal(cart.items.length, 1);
  assert.equal(cart.items[0].qty, 2);
});
