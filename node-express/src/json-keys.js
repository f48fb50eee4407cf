'use strict';

// Which of two keys of a JSON object's text was written last. JSON.parse keeps a repeated key at its first
// position, so the parsed object's key order cannot tell `{"a":1,"b":2,"a":3}` from `{"a":1,"b":2}`; the text
// can. Only called for a field given under both of its names, never on an ordinary body.
const KEY_END = /\s*:/y;

// `text` is a JSON object already accepted by JSON.parse: a string at depth 1 followed by `:` is one of its keys.
function lastKeyGiven(text, a, b) {
  let last;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const start = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
      KEY_END.lastIndex = i + 1;
      if (depth === 1 && KEY_END.test(text)) {
        const key = JSON.parse(text.slice(start, i + 1));
        if (key === a || key === b) last = key;
      }
    }
  }
  return last;
}

module.exports = { lastKeyGiven };
