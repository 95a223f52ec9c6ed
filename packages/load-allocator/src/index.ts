export * from './types.ts';
export { allocate, ROTATION_PERIOD_MS, DEFAULT_MIN_A } from './allocate.ts';
export { AT_LIMIT_MARGIN_A, HEADROOM_A, IDLE_PHASE_A } from './usage.ts';
