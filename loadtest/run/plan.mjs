// The bench's plan: every run in the order it runs, and the session (one start of a server) that serves it.
import { HTTP_WORKLOADS, stepLabel } from './profiles.mjs';
import { BOOKINGS_CEILING, CEILING, CHAT_CEILING } from '../reports/ceiling-names.mjs';

export const CEILING_WORKLOADS = ['hello', 'static', 'echo', 'bookings'];

// Repeat by repeat: the nginx ceiling (started afresh), then one start of each stack for its chat scenarios and its
// HTTP workloads, and on the first repeat of a profile with open-loop latency steps a second start of each for the
// late steps. A repeat is a fresh start of everything it measures, and repeat r runs the stacks in the first repeat's
// order rotated r − 1 places, so a slow drift of the shared host falls on every stack alike and each ratio to the best
// stack or to the ceiling can be taken inside one repeat (reports/ranks.mjs). Where the profile brackets a workload, the
// repeat's nginx stays up beside each stack and is measured just before and just after the stack's window (run.mjs).
// Chat comes first in a session, on the fresh process, as when it had a start of its own. The HTTP workloads follow,
// each warmed up until its rate is steady (as TechEmpower primes each test on a running framework); on the first
// repeat each is followed, while warm, by its open-loop latency steps at the rates known then. The late session
// serves, on the first repeat, the latency rates that could not be known then: the same absolute rates for every
// stack need the slowest stack's maximum, which may come later. The first repeat runs in reverse port order: the Node
// stacks first, because they have been the slowest on most workloads in every run so far, and a faster stack's
// latency steps can then be measured warm after its throughput at rates already known. The order changes no figure,
// only how many rates wait for a second start. A workload the profile gives fewer repeats (`repeatsOf`) is left out
// of the repeats after its last, and comes after the others in a session.
/** targets: the stacks (benchTargets); profile: selectProfile's. { runs, orderOf(repeat), … workloads }. */
export function planRuns(targets, profile) {
  const sessionOrder = [...targets].reverse();
  const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length]);
  const orderOf = (repeat) => rotate(sessionOrder, repeat - 1);
  const inRepeat = (repeat) => (workload) => repeat <= repeatsOf(profile, workload);
  const stepsOf = (workload) => profile.steps[workload].map((step) => ({ workload, step,
    label: stepLabel(workload, step, profile.steps[workload]) }));
  const httpWorkloads = profile.workloads.filter((w) => HTTP_WORKLOADS.includes(w));
  const latencyWorkloads = profile.latency ? httpWorkloads : [];
  const ceilingWorkloads = profile.workloads.filter((w) => CEILING_WORKLOADS.includes(w));
  const chatWorkloads = profile.workloads.filter((w) => w === 'chat');
  // Chat first, then the workloads with the most repeats: whatever a repeat leaves out comes last in the session, so
  // each workload follows the same ones in every repeat it is in.
  const sessionWorkloads = [...chatWorkloads, ...httpWorkloads]
    .map((w, i) => ({ w, i })).sort((a, b) => repeatsOf(profile, b.w) - repeatsOf(profile, a.w) || a.i - b.i).map(({ w }) => w);
  const repeatRuns = (repeat) => [
    ...ceilingWorkloads.filter(inRepeat(repeat)).flatMap(stepsOf).map((s) => ({ ...s,
      server: s.workload === 'bookings' ? BOOKINGS_CEILING : CEILING, repeat, session: `nginx#${repeat}` })),
    // The chat relay starts itself for each of its runs: its session starts nothing.
    ...chatWorkloads.filter(inRepeat(repeat)).flatMap(stepsOf).map((s) => ({ ...s, server: CHAT_CEILING, repeat,
      session: `relay#${repeat}` })),
    ...orderOf(repeat).flatMap((server) => sessionWorkloads.filter(inRepeat(repeat)).flatMap(stepsOf)
      .map((s) => ({ ...s, server, repeat, session: `${server.id}#${repeat}` }))),
    ...(repeat === 1 && latencyWorkloads.length ? orderOf(repeat).map((server) => ({ server, workloads: latencyWorkloads,
      workload: 'latency', kind: 'latency', label: 'latency', step: { ...profile.latency, workloads: latencyWorkloads.length },
      repeat, session: `${server.id}#late#${repeat}` })) : []),
  ];
  const runs = Array.from({ length: profile.repeat }, (_, i) => repeatRuns(i + 1)).flat();
  return { runs, orderOf, httpWorkloads, latencyWorkloads, ceilingWorkloads };
}

/** How many repeats a workload gets: the profile's, or fewer where its `repeatsOf` says so. */
export const repeatsOf = (profile, workload) => Math.min(profile.repeat, profile.repeatsOf?.[workload] ?? profile.repeat);
