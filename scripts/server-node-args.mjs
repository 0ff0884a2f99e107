// The Node flags the server runs with wherever these scripts start it (npm start, the bench, the
// Lighthouse run, the soak test). --max-semi-space-size=2 keeps V8's young generation at 2 MB
// semi-spaces instead of letting them grow to 16 MB each under load: about 20 MB less resident
// memory for an unchanged share of the bare route's throughput (docs/decisions/performance-server.md).
export const SERVER_NODE_ARGS = ['--max-semi-space-size=2'];
