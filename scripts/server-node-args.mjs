// The Node flags the server runs with wherever these scripts start it (npm start, the bench, the
// Lighthouse run, the soak test). --max-semi-space-size=2 keeps V8's young generation at 2 MB
// semi-spaces instead of letting them grow to 16 MB each under load: about 20 MB less resident
// memory for an unchanged share of the bare route's throughput. --max-old-space-size=512 bounds the
// old generation, and with it how far V8 lets the heap grow past what is live before collecting:
// about 1.4 times instead of up to 4 times on a machine with many gigabytes, which flattened the
// soak's RSS saw-tooth (docs/decisions/performance-server.md). --heap-growing-percent=20 fixes that
// growth at 1.2 times what is live: 6 to 10 MB less resident memory after the bench's mixed day on
// both engines, for server CPU per request within the spread of runs (docs/decisions/performance-day.md,
// "Memory"). It is a V8 flag Node does not take from NODE_OPTIONS: give it on the command line.
export const SERVER_NODE_ARGS = ['--max-semi-space-size=2', '--max-old-space-size=512', '--heap-growing-percent=20'];

// The environment the server runs with, under what the caller's environment sets. MALLOC_ARENA_MAX=1
// has the C library allocate for every thread from one arena: V8's helper threads each kept an
// arena of their own holding 2 to 4 MB freed and never given back (11 MB held for 0.3 MB in use
// after the mixed day), 4 to 9 MB of resident memory after the bench's mixed day on both engines,
// for server CPU per request within the spread of runs (docs/decisions/performance-day.md, "Memory").
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1' };

/** The server's environment: SERVER_ENV under `env` (the caller's own setting wins). */
export const serverEnv = (env) => ({ ...SERVER_ENV, ...env });
