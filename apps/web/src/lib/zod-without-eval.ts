import { config } from 'zod';

// zod compiles object parsers with `new Function` when it may, and probes for that at the first parse: under the
// console's Content-Security-Policy (no 'unsafe-eval') the probe is refused and reported as a violation. Imported
// first by main.tsx, before anything parses.
config({ jitless: true });
