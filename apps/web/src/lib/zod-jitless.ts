/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it with
 * `Function('')` on the first parse: under our CSP (`script-src 'self'`, no 'unsafe-eval') that probe
 * was a policy violation on every page (issue 31 #12). The browser parses small payloads: the
 * interpreted parser is enough. Imported first by main.tsx, before any schema is used.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` and adopts an object already there
 * (zod/v4/core/core.js); setting it here keeps zod itself out of the entry chunk (the home page's
 * JavaScript budget). `zod-jitless.test.ts` checks that zod reads it.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
