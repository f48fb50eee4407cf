// spec/API.md §7.7 chat.html: the page a person opens at /static/chat.html, driven in a real browser (Debian's
// Chromium through playwright-core): pick name and room, send, see the room's messages, see a taken name.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'node:test';
import { chromium } from 'playwright-core';
import { baseUrl, unique } from './lib/config.mjs';
import { clause } from './lib/deviations.mjs';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-proxy-server'];

async function openChat(context, name, room) {
  const page = await context.newPage();
  await page.goto(new URL('/static/chat.html', baseUrl).href);
  await page.fill('#name', name);
  await page.fill('#room', room);
  await page.click('#join');
  return page;
}

/** Sends from `page` and waits until every page in `seers` shows the line. */
async function sendAndSee(page, name, text, seers) {
  await page.fill('#message', text);
  await page.click('#send');
  for (const p of seers) await p.locator('#messages li.chat', { hasText: `${name}: ${text}` }).waitFor();
}

describe('§7.7 chat.html in a browser', () => {
  clause('chat.html: pick name and room, send, see the room\'s messages, see a clear line when the name is taken', async () => {
    assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: the browser test needs Debian's chromium (apt-get install chromium; make test installs it)`);
    const profile = mkdtempSync(join(tmpdir(), 'conformance-chromium-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 30_000 });
    context.setDefaultTimeout(10_000);
    try {
      const room = unique('browser-room');
      const [ana, ben] = [unique('ana'), unique('ben')];
      const first = await openChat(context, ana, room);
      await first.locator('#status[data-state="joined"]').waitFor();
      const second = await openChat(context, ben, room);
      // Ben's own line proves his registration reached the server before Ana speaks.
      await sendAndSee(second, ben, 'hi, ben here', [second, first]);
      await sendAndSee(first, ana, 'hello from ana ✓', [first, second]);

      const third = await openChat(context, ana, room);
      const taken = third.locator('#messages li.system', { hasText: 'A user with that name already exists' });
      await taken.waitFor();
      assert.match(await taken.textContent(), /taken/i);
      await third.locator('#status[data-state="closed"]').waitFor();
      assert.equal(await first.locator('#status').getAttribute('data-state'), 'joined', 'the first holder is unaffected');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }, { timeout: 90_000 });
});
