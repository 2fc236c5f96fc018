/**
 * What this process was built from. The release build (scripts/build.ts) defines
 * `__PARLEY_BUILD__` at compile time; run from source (tsx, vitest) it is absent.
 */
declare const __PARLEY_BUILD__: { version: string; commit: string } | undefined;

export interface BuildInfo {
  readonly version: string;
  readonly commit: string;
  /** True in the compiled release directory (server.js beside web/ and node_modules/). */
  readonly release: boolean;
}

export const buildInfo: BuildInfo =
  typeof __PARLEY_BUILD__ === 'undefined' ? { version: 'dev', commit: 'dev', release: false } : { ...__PARLEY_BUILD__, release: true };
