import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it with
 * `Function('')` on the first parse: under our CSP (`script-src 'self'`, no 'unsafe-eval') that probe
 * was a policy violation on every page (issue 31 #12). The browser parses small payloads: the
 * interpreted parser is enough. Imported first by main.tsx, before any schema is used.
 */
z.config({ jitless: true });
