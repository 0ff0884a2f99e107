/** Time as the app sees it; tests pass a controllable one. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
