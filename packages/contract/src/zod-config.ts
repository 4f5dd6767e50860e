import { config } from 'zod';

// Evaluated before any schema exists (index.ts imports it first). The web app runs under a CSP without
// 'unsafe-eval', and zod probes `new Function` when the first object schema is built: the CSP reports that as a
// violation even though zod catches the error. Without the JIT zod parses the same, a little slower.
if ('document' in globalThis) config({ jitless: true });
