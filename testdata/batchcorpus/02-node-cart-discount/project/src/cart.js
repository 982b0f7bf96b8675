'use strict';

const { roundCents } = require('./pricing');

class Cart {
  constructor() {
    this.items = [];
  }

  add(sku, price, qty = 1) {
    if (qty <= 0) throw new RangeError('qty must be positive');
    const line = this.items.find((l) => l.sku === sku);
    if (line) line.qty += qty;
    else this.items.push({ sku, price, qty });
  }

  subtotal() {
    return roundCents(this.items.reduce((sum, l) => sum + l.price * l.qty, 0));
  }

  total() {
    return this.subtotal();
  }
}

module.exports = { Cart };
