package bench.chat;

import java.util.concurrent.Executor;

/** What every user of one run shares: its clock, counters and ledger, and the thread that completes sends. */
record RunContext(
        int warmupMessages, RunClock clock, RunCounters counters, DeliveryLedger ledger, Executor sendCompletions) {}
