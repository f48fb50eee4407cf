// The live progress line on stderr: which run, its phase, elapsed and ETA of the whole bench, and the rate
// JMeter's summariser (or the chat client) last reported. Rewritten in place on a terminal; a plain line every 15 s in CI logs.

const clock = (seconds) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** "summary +   5120 in 00:00:05 = 1024.0/s Avg: …" → 1024 (the interval's rate), else null. */
export function parseSummariserRate(line) {
  const m = /summary \+\s+\d+ in [\d:]+ =\s+([\d.]+)\/s/.exec(line);
  return m ? Number(m[1]) : null;
}

export function createProgress({ plannedSeconds, stream = process.stderr, plainEveryMs = 15_000 }) {
  const began = Date.now();
  const tty = Boolean(stream.isTTY);
  let state = null;
  let doneSeconds = 0; // planned seconds of the runs already finished
  let runBegan = began;
  let lastPlain = 0;

  const line = () => {
    const elapsed = (Date.now() - began) / 1000;
    const inRun = (Date.now() - runBegan) / 1000;
    const eta = Math.max(0, plannedSeconds - doneSeconds - Math.min(inRun, state.plannedSeconds));
    const rate = state.rate === null ? '' : `, ${state.rate.toFixed(0)} ${state.unit}`;
    return `bench [${state.index}/${state.count}] ${state.server} ${state.label} #${state.repeat} ${state.phase}` +
      ` | ${clock(elapsed)} elapsed, ETA ${clock(eta)}${rate}`;
  };
  const render = (force = false) => {
    if (!state) return;
    if (tty) stream.write(`\r\x1b[K${line()}`);
    else if (force || Date.now() - lastPlain >= plainEveryMs) { stream.write(`${line()}\n`); lastPlain = Date.now(); }
  };
  const timer = setInterval(render, 1000);
  timer.unref();

  return {
    /** A new run: { index, count, server, label, repeat, plannedSeconds }. */
    run(fields) {
      if (state) doneSeconds += state.plannedSeconds;
      runBegan = Date.now();
      state = { phase: 'starting', rate: null, unit: 'req/s', ...fields };
      render(true);
    },
    // Before the first run (nginx started and stopped for the open-loop generator's ceiling alone) there is no line.
    phase(phase) { if (!state) return; state.phase = phase; state.rate = null; render(true); },
    sample(text) {
      const rate = parseSummariserRate(text);
      if (state && rate !== null) { state.rate = rate; render(); }
    },
    /** A rate the load generator reports itself (the chat client's deliveries per second). */
    rate(value, unit = 'req/s') {
      if (!state || !Number.isFinite(value)) return;
      state.rate = value;
      state.unit = unit;
      render();
    },
    /** A message on its own line, without garbling the live one. */
    note(message) {
      stream.write(`${tty ? '\r\x1b[K' : ''}${message}\n`);
      render(true);
    },
    done() {
      clearInterval(timer);
      if (tty) stream.write('\r\x1b[K');
    },
  };
}
