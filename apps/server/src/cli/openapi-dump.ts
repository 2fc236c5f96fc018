import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

/**
 * Writes the OpenAPI document (`/api/docs/json`) to the file named by the first argument (stdout without
 * one): the app is built on a throw-away SQLite database without listening (CI lints and generates types from it).
 */
export async function dumpOpenApi(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-openapi-'));
  try {
    const config = loadConfig(
      { NODE_ENV: 'development', LOG_LEVEL: 'silent', API_DOCS: 'true', DATA_DIR: dir },
      { database: { kind: 'sqlite', file: join(dir, 'openapi.db') } },
    );
    const app = await buildApp({ config, logger: false, migrate: false });
    try {
      await app.ready();
      return JSON.stringify(app.swagger(), null, 2) + '\n';
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const out = process.argv[2];
const document = await dumpOpenApi();
if (out) writeFileSync(out, document);
else process.stdout.write(document);
