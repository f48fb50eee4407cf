// The page's switches: which stacks' columns are shown, and a diff of every column against one chosen stack
// (jsdiff's diffArrays over whole lines; the highlighted lines are the build's, re-arranged, never re-parsed).
// The choices (and whether long lines wrap) are kept in localStorage, so the next workload's page opens the same way.
'use strict';

(() => {
  const select = document.getElementById('diff-base');
  if (!select) return;
  const boxes = [...document.querySelectorAll('input[data-show-stack]')];
  const original = new Map();

  const store = {
    get: (key) => { try { return localStorage.getItem(key); } catch { return null; } },
    set: (key, value) => { try { localStorage.setItem(key, value); } catch { /* a browser without storage for files */ } },
  };

  const codeOf = (cell) => cell?.querySelector('pre.code code') ?? null;
  const linesOf = (cell) => {
    if (!original.has(cell)) original.set(cell, [...codeOf(cell).children].map((line) => line.innerHTML));
    return original.get(cell);
  };
  const scratch = document.createElement('template');
  const textOf = (html) => { scratch.innerHTML = html; return scratch.content.textContent; };
  // rows: [kind ('' | 'add' | 'del' | 'fold'), html, line number in this stack's file or ''].
  const render = (cell, rows) => {
    codeOf(cell).innerHTML = rows.map(([kind, html, n]) => `<span class="line${kind ? ` ${kind}` : ''}" data-n="${n}">${html}</span>`).join('');
  };
  const whole = (cell) => linesOf(cell).map((html, i) => ['', html, i + 1]);

  // Unchanged runs longer than twice the context fold into one row, as a unified diff shows them.
  const CONTEXT = 3;
  function fold(rows) {
    const out = [];
    for (let start = 0; start < rows.length;) {
      let end = start;
      while (end < rows.length && rows[end][0] === '') end++;
      const run = end - start;
      const keepHead = start === 0 ? 0 : CONTEXT;
      const keepTail = end === rows.length ? 0 : CONTEXT;
      if (run > keepHead + keepTail + 1) {
        out.push(...rows.slice(start, start + keepHead), ['fold', `⋯ ${run - keepHead - keepTail} unchanged lines`, ''],
          ...rows.slice(end - keepTail, end));
      } else {
        out.push(...rows.slice(start, end));
      }
      while (end < rows.length && rows[end][0] !== '') out.push(rows[end++]);
      start = end;
    }
    return out;
  }

  function diffCell(cell, base) {
    const theirs = linesOf(base);
    const ours = linesOf(cell);
    const rows = [];
    let [i, j, added, removed] = [0, 0, 0, 0];
    for (const part of Diff.diffArrays(theirs.map(textOf), ours.map(textOf))) {
      for (let k = 0; k < part.count; k++) {
        if (part.added) { rows.push(['add', ours[j], j + 1]); j++; added++; }
        else if (part.removed) { rows.push(['del', theirs[i++], '']); removed++; }
        else { rows.push(['', ours[j], j + 1]); i++; j++; }
      }
    }
    render(cell, fold(rows));
    return added || removed ? `+${added} −${removed} against ${base.dataset.stack}` : `the same as ${base.dataset.stack}`;
  }

  function showDiff(baseName) {
    document.body.dataset.diff = baseName;
    for (const role of document.querySelectorAll('section.role')) {
      const base = role.querySelector(`.cell[data-stack="${CSS.escape(baseName)}"]`);
      for (const cell of role.querySelectorAll('.cell')) {
        if (!codeOf(cell)) continue;
        const badge = cell.querySelector('.badge');
        cell.classList.toggle('base', cell === base);
        if (!baseName || !codeOf(base) || cell === base || cell.dataset.runtime !== base.dataset.runtime) {
          render(cell, whole(cell));
          badge.textContent = !baseName ? '' : cell === base ? 'the diff\'s base'
            : !codeOf(base) ? `${baseName} has no file here` : 'another language: shown whole';
          continue;
        }
        badge.textContent = diffCell(cell, base);
      }
    }
  }

  function showStacks() {
    const hidden = boxes.filter((box) => !box.checked).map((box) => box.dataset.showStack);
    // Its columns, figures, calibration lines, extras and deviations, a variant's ("<stack>:<variant>") with it.
    for (const element of document.querySelectorAll('main [data-stack]')) element.hidden = hidden.includes(element.dataset.stack.split(':')[0]);
    store.set('site.hidden', JSON.stringify(hidden));
  }

  const wrap = document.getElementById('wrap');
  const showWrap = () => { document.body.classList.toggle('wrap', wrap.checked); store.set('site.wrap', wrap.checked ? '1' : ''); };
  wrap.addEventListener('change', showWrap);
  wrap.checked = store.get('site.wrap') === '1';
  showWrap();

  select.addEventListener('change', () => { store.set('site.diff', select.value); showDiff(select.value); });
  for (const box of boxes) box.addEventListener('change', showStacks);

  const hidden = JSON.parse(store.get('site.hidden') ?? '[]');
  for (const box of boxes) box.checked = !hidden.includes(box.dataset.showStack);
  showStacks();
  const saved = store.get('site.diff');
  if (saved && [...select.options].some((o) => o.value === saved)) {
    select.value = saved;
    showDiff(saved);
  }
})();
