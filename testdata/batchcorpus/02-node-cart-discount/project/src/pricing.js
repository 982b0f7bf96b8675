'use strict';

// roundCents rounds an amount in euros to whole cents.
function roundCents(amount) {
  return Math.round(amount * 100) / 100;
}

module.exports = { roundCents };
