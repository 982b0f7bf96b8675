'use strict';

const { parseQuery, stringifyQuery } = require('./query');

module.exports = { parseQuery, stringifyQuery };
