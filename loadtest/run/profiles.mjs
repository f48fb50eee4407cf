// Load profiles as data: for every workload, the measured steps (users, and either loops per user or a
// duration) plus the warm-up that precedes each measured run. `sweep` is the only one with several steps.
// The HTTP workloads are the plan's thread groups: jmeter.mjs (next to plan.jmx) is their one definition.
// `chat` comes last and is driven by the chat client (run/chat.mjs): its steps are scenarios (rooms × users
// per room, each user sending `messages` one every `intervalMs` after `settleMs`, `warmupMessages` first).
import { WORKLOADS as HTTP_WORKLOADS } from '../generators/jmeter.mjs';

export { HTTP_WORKLOADS };
export const WORKLOADS = [...HTTP_WORKLOADS, 'chat'];

// The chat write-up's scenario: every user sends 500 messages, one every 10 ms, after a 2 s settle. The
// warm-up messages (sent just before, on the same schedule) are verified like the rest but not timed: they
// warm the server's JIT and the client's, which the write-up did not do.
const chatPoint = (rooms, usersPerRoom, extra = {}) => ({ rooms, usersPerRoom, users: rooms * usersPerRoom, messages: 500, intervalMs: 10,
  settleMs: 2000, warmupMessages: 200, ...extra });
// The write-up's user grid: 1 room with 10–60 users, 2 rooms with 20–35 per room, 4 rooms with 10–17 per room
// (it gives the ranges, not the steps: these are ours).
const CHAT_GRID = [
  ...[10, 20, 30, 40, 50, 60].map((u) => chatPoint(1, u)),
  ...[20, 25, 30, 35].map((u) => chatPoint(2, u)),
  ...[10, 13, 15, 17].map((u) => chatPoint(4, u)),
];

// The open-loop latency step (run/latency.mjs): rates as fractions of the slowest stack's maximum on the workload
// (`common`, the same absolute rates for every stack) and of each stack's own (`own`), `seconds` each after a
// closed-loop warm-up, on `connections` connections (a request due while all are busy waits, and that counts).
// Each workload is warmed up (closed loop, wrk) until its rate is steady first: the stack was started afresh.
const latencySteps = (extra = {}) => ({ common: [0.5, 0.9], own: [0.5, 0.9], seconds: 2, warmup: { minSeconds: 3, maxSeconds: 20 },
  connections: 50, ...extra });

// The seed write-ups' parameters. Loop-bound workloads end when every user has sent its requests.
const seed = {
  description: "the seed write-ups' parameters, every stack and variant",
  // Every declared variant too (java-vertx:eventbus, java-mvc-jpa:jetty…), as the write-ups compared configurations.
  variants: true,
  // Their own tool, with its dashboards; GENERATOR=wrk measures the same steps with wrk (loop-bound ones for 60 s).
  generator: 'jmeter',
  repeat: 3,
  warmup: { users: 50, durationSeconds: 20, steady: { minSeconds: 20, maxSeconds: 60 } },
  rampUpSeconds: 5,
  latency: latencySteps({ common: [0.25, 0.5, 0.75, 0.9], own: [0.5, 0.75, 0.9], seconds: 10, warmup: { minSeconds: 10, maxSeconds: 60 } }),
  workloads: {
    hello: [{ users: 300, durationSeconds: 60 }],
    static: [{ users: 100, durationSeconds: 60, file: '1mb.bin' }],
    echo: [{ users: 100, loops: 500 }],
    bookings: [{ users: 500, loops: 100 }],
    chat: CHAT_GRID,
  },
};

// Every present stack and workload in a few minutes on 2 cores: a warm-up, then 10 s measured each. Under
// GENERATOR=jmeter the warm-up runs in the measuring JMeter process, so it warms the generator's JIT as well as the
// server's (5 s was not enough for JMeter to reach nginx's rate). 100 connections, as wrk is run by hand against
// these stacks (issue 16): on one server core the event-loop stacks answered up to a quarter more at 100 than at
// 50 (more requests per wake-up), the others about the same.
const QUICK_CONNECTIONS = 100;
const quick = {
  description: 'every stack and workload in a few minutes (warm-up until steady, 10 s measured at 100 connections)',
  repeat: 1,
  // 10 s for JMeter's own JIT; under wrk (no JIT of its own) the server's until its rate is steady.
  // Windows of five 1 s runs (run.mjs steady()): windows of three were fooled by JIT plateaus (java-spring5's hello
  // "steady" at 1.6k req/s, on its way past 20k). A JVM on one slow core can take a minute to compile a path; a row
  // still climbing then says so.
  warmup: { users: 50, durationSeconds: 10, steady: { minSeconds: 5, maxSeconds: 60, window: 5 } },
  rampUpSeconds: 1,
  latency: latencySteps(),
  workloads: {
    hello: [{ users: QUICK_CONNECTIONS, durationSeconds: 10 }],
    static: [{ users: QUICK_CONNECTIONS, durationSeconds: 10, file: '1mb.bin' }],
    echo: [{ users: QUICK_CONNECTIONS, durationSeconds: 10 }],
    bookings: [{ users: QUICK_CONNECTIONS, durationSeconds: 10 }],
    // One small point per room count, 20 users each: the same send rate (2000 messages/s), fan-out 20, 10, 5.
    chat: [chatPoint(1, 20), chatPoint(2, 10), chatPoint(4, 5)],
  },
};

// docs/results.md's profile: every stack and workload, measured in fresh starts whose order rotates, so that ratios taken
// inside a repeat (each stack against the best, and against the nginx ceiling) get 95 % intervals and ranks are given
// only where those separate (reports/ranks.mjs). hello and echo, whose ratios docs/results.md ranks by, are bracketed: the
// repeat's nginx is measured just before and just after each stack's window, so the host's noise between windows
// minutes apart cancels. They and chat (first on each fresh process) get RANKED_REPEATS starts; static
// (generator-bound) and bookings (database-bound on 2 cores) FEWER_REPEATS, the least that gives an interval, so that
// the profile fits in an hour. The table in
// loadtest/README.md ("Precision") is what it was chosen from. No open-loop steps: they are quick's.
const RANKED_REPEATS = 5;
const FEWER_REPEATS = 3;
const ranked = {
  description: `docs/results.md's: every stack and workload in interleaved fresh starts (chat, hello and echo ${RANKED_REPEATS}, ` +
    `hello and echo bracketed by nginx; static and bookings ${FEWER_REPEATS}), 5 s measured each, medians with 95 % intervals, ` +
    'ranks only where they separate',
  repeat: RANKED_REPEATS,
  repeatsOf: { static: FEWER_REPEATS, bookings: FEWER_REPEATS },
  bracket: { workloads: ['hello', 'echo'], seconds: 2 },
  warmup: quick.warmup,
  rampUpSeconds: 1,
  workloads: {
    hello: [{ users: QUICK_CONNECTIONS, durationSeconds: 5 }],
    static: [{ users: QUICK_CONNECTIONS, durationSeconds: 5, file: '1mb.bin' }],
    echo: [{ users: QUICK_CONNECTIONS, durationSeconds: 5 }],
    bookings: [{ users: QUICK_CONNECTIONS, durationSeconds: 5 }],
    // One chat point, the middle one of quick's (2000 messages/s, fan-out 10), shorter.
    chat: [chatPoint(2, 10, { messages: 300, warmupMessages: 100 })],
  },
};

// Concurrency steps: where does each stack's throughput flatten and its latency climb?
const SWEEP_USERS = [16, 32, 64, 128, 256, 512];
const sweepSteps = (extra = {}) => SWEEP_USERS.map((users) => ({ users, durationSeconds: 10, ...extra }));
const sweep = {
  description: `concurrency steps ${SWEEP_USERS.join(', ')} users, 10 s each`,
  repeat: 1,
  warmup: { users: 32, durationSeconds: 5 },
  rampUpSeconds: 2,
  latency: latencySteps({ seconds: 5 }),
  workloads: {
    hello: sweepSteps(),
    static: sweepSteps({ file: '1mb.bin' }),
    echo: sweepSteps(),
    bookings: sweepSteps(),
    chat: [10, 20, 40, 60, 80].map((u) => chatPoint(1, u)),
  },
};

// The `make test` smoke run: proves the whole pipeline in seconds, not a measurement. No dashboards.
const smoke = {
  description: 'a few seconds per workload (make test), not a measurement',
  repeat: 1,
  // No window measured again for the host's steal (run.mjs untilQuiet): nothing here is a figure.
  noisyRetries: 0,
  // The bracket's path, exercised.
  bracket: { workloads: ['hello'], seconds: 1 },
  dashboards: false,
  warmup: { users: 2, durationSeconds: 1, steady: { minSeconds: 1, maxSeconds: 2 } },
  rampUpSeconds: 0,
  latency: latencySteps({ common: [0.25], own: [0.5], seconds: 2, warmup: { minSeconds: 1, maxSeconds: 1 }, connections: 4 }),
  workloads: {
    hello: [{ users: 4, durationSeconds: 3 }],
    static: [{ users: 2, durationSeconds: 3, file: '1mb.bin' }],
    echo: [{ users: 4, durationSeconds: 3 }],
    bookings: [{ users: 4, durationSeconds: 3 }],
    // 1.5 s of sending: the sampler reads once a second, and a window shorter than that may hold no sample.
    chat: [chatPoint(2, 3, { messages: 150, warmupMessages: 0, settleMs: 500 })],
  },
};

export const PROFILES = { quick, ranked, seed, sweep, smoke };

// A step's label names it in the summary and the table: the workload, plus the users when sweeping.
export function stepLabel(workload, step, steps) {
  if (steps.length <= 1) return workload;
  return step.rooms ? `${workload}@${step.rooms}x${step.usersPerRoom}` : `${workload}@${step.users}`;
}

/** CHAT_SCENARIOS="1x60 4x17": chat points (rooms x users per room) replacing the profile's, same schedule. */
export function chatScenarios(text, template) {
  return text.split(/[\s,]+/).filter(Boolean).map((s) => {
    const m = /^(\d+)x(\d+)$/.exec(s);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`CHAT_SCENARIOS: "${s}" is not <rooms>x<users per room>`);
    return { ...template, rooms: Number(m[1]), usersPerRoom: Number(m[2]), users: Number(m[1]) * Number(m[2]) };
  });
}

export const GENERATORS = ['wrk', 'jmeter'];

/** The planned warm-up before a measured run: JMeter's fixed one, or under wrk about 8 s until steady. */
export const warmupSeconds = (profile) => (profile.generator === 'wrk' ? Math.min(8, profile.warmup.steady?.maxSeconds ?? 8)
  : profile.warmup.durationSeconds);
// wrk runs for a duration: a loop-bound step (seed's echo 100 × 500) runs this long under it instead.
export const WRK_SECONDS_FOR_LOOPS = 60;

/** The profile named by PROFILE (default quick), with REPEAT, WORKLOADS, GENERATOR, CHAT_SCENARIOS and WINDOW applied. */
export function selectProfile(env = process.env) {
  const name = env.PROFILE || 'quick';
  const base = PROFILES[name];
  if (!base) throw new Error(`unknown PROFILE "${name}"; known: ${Object.keys(PROFILES).join(', ')}`);
  const wanted = (env.WORKLOADS || '').split(/[\s,]+/).filter(Boolean);
  for (const w of wanted) {
    if (!WORKLOADS.includes(w)) throw new Error(`unknown workload "${w}"; known: ${WORKLOADS.join(', ')}`);
  }
  const repeat = env.REPEAT ? Number(env.REPEAT) : base.repeat;
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error(`REPEAT must be a positive integer, got "${env.REPEAT}"`);
  const workloads = WORKLOADS.filter((w) => !wanted.length || wanted.includes(w));
  const generator = env.GENERATOR || base.generator || 'wrk';
  if (!GENERATORS.includes(generator)) throw new Error(`unknown GENERATOR "${generator}"; known: ${GENERATORS.join(', ')}`);
  const steps = { ...base.workloads };
  if (generator === 'wrk') {
    for (const w of HTTP_WORKLOADS) {
      steps[w] = steps[w].map((s) => (s.loops ? { users: s.users, durationSeconds: WRK_SECONDS_FOR_LOOPS, ...(s.file ? { file: s.file } : {}) } : s));
    }
  }
  if (env.CHAT_SCENARIOS) steps.chat = chatScenarios(env.CHAT_SCENARIOS, base.workloads.chat[0]);
  // WINDOW: the measured seconds of every time-bound HTTP step, to measure what a longer window buys (make precision).
  if (env.WINDOW) {
    const seconds = Number(env.WINDOW);
    if (!(seconds >= 1 && Number.isInteger(seconds))) throw new Error(`WINDOW must be a whole number of seconds ≥ 1, got "${env.WINDOW}"`);
    for (const w of HTTP_WORKLOADS) steps[w] = steps[w].map((s) => (s.durationSeconds ? { ...s, durationSeconds: seconds } : s));
  }
  // `steps` maps every workload to its measured steps; `workloads` is the ordered selection to run.
  return { name, ...base, generator, steps, dashboards: (base.dashboards ?? true) && generator === 'jmeter', repeat, workloads };
}

// A rough length of one run, for the progress line's ETA: warm-up + measured + ~11 s of JVM start(s) and
// the stack's start and stop (measured on 2 cores), + ~3 s when JMeter writes its dashboard (its own JVM).
export function estimateSeconds(profile, step, workload = null) {
  const bracket = profile.bracket?.workloads.includes(workload) ? 2 * (profile.bracket.seconds + 0.2) : 0;
  // A latency pass: one start, then per workload a warm-up and its rates (about 3.5 of the 4 on a quick run).
  if (step.common) return 4 + step.workloads * (5 + (step.common.length + step.own.length) * 0.85 * (step.seconds + 0.3));
  // chat: settle + the schedule + ~6 s of client JVM, drain and the stack's start and stop.
  if (step.rooms) return (step.settleMs + ((step.warmupMessages ?? 0) + step.messages) * step.intervalMs) / 1000 + 6;
  const measured = step.durationSeconds ?? Math.max(10, step.loops / 50);
  if (profile.generator === 'wrk') return warmupSeconds(profile) + measured + 1 + bracket;
  return profile.warmup.durationSeconds + measured + profile.rampUpSeconds + 11 + (profile.dashboards === false ? 0 : 3);
}

/**
 * SERVER_CPUS / DB_CPUS / LOADGEN_CPUS, defaulting from the core count so the three never share a core when
 * there are enough: 2 cores → server 1, db and load generator 0; 3 → 0 / 1 / 2; ≥ 4 → server 0-1, db 2,
 * generator 3. One core: everything on 0 (the numbers then compare stacks, not capacity).
 */
export function selectPinning(cores, env = process.env) {
  const defaults = cores >= 4 ? { server: '0-1', db: '2', loadgen: '3' }
    : cores === 3 ? { server: '0', db: '1', loadgen: '2' }
      : cores === 2 ? { server: '1', db: '0', loadgen: '0' }
        : { server: '0', db: '0', loadgen: '0' };
  return {
    server: env.SERVER_CPUS || defaults.server,
    db: env.DB_CPUS || defaults.db,
    loadgen: env.LOADGEN_CPUS || defaults.loadgen,
  };
}
