'use strict';

const fs = require('node:fs');

function loadTodos(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8')).todos;
}

module.exports = { loadTodos };
