import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { boundaries, sqlInRepositories } from './boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } } });
const root = resolve(import.meta.dirname, '..');
const server = (path) => resolve(root, 'apps/server/src/modules', path);
const web = (path) => resolve(root, 'apps/web/src/features', path);
const error = (n = 1) => Array.from({ length: n }, () => ({ message: /./ }));

tester.run('boundaries', boundaries, {
  valid: [
    { filename: server('auth/auth.service.ts'), code: `import * as users from '../users/users.service.js';` },
    { filename: server('auth/auth.service.ts'), code: `import * as repo from './auth.repository.js';` },
    { filename: server('auth/auth.service.ts'), code: `export { findUserById } from './auth.repository.js';` },
    { filename: server('auth/auth.service.ts'), code: `const m = await import('../users/users.service.js');` },
    { filename: web('chat/components/a.tsx'), code: `import { useTopic } from '../api/get-topic';` },
    { filename: resolve(root, 'apps/web/src/app/routes/chat.tsx'), code: `import { Chat } from '../../features/chat/components/chat';` },
    // Outside the module trees the rule has nothing to say.
    { filename: resolve(root, 'apps/server/src/app.ts'), code: `import * as users from './modules/users/users.repository.js';` },
  ],
  invalid: [
    { filename: server('auth/auth.service.ts'), code: `import * as users from '../users/users.repository.js';`, errors: error() },
    { filename: server('auth/auth.service.ts'), code: `import { findUserById } from '../users/users.repository';`, errors: error() },
    // A re-export and a dynamic import are references too.
    { filename: server('auth/auth.service.ts'), code: `export { findUserById } from '../users/users.repository.js';`, errors: error() },
    { filename: server('auth/auth.service.ts'), code: `export * from '../users/users.repository.js';`, errors: error() },
    { filename: server('auth/auth.service.ts'), code: `const repo = await import('../users/users.repository.js');`, errors: error() },
    { filename: web('chat/components/a.tsx'), code: `import { Balance } from '../../coins/components/balance';`, errors: error() },
    { filename: web('chat/components/a.tsx'), code: `export { Balance } from '../../coins/components/balance';`, errors: error() },
    { filename: web('chat/components/a.tsx'), code: 'const c = import(`../../coins/components/balance`);', errors: error() },
  ],
});

tester.run('sql-in-repositories', sqlInRepositories, {
  valid: [
    { filename: server('users/users.repository.ts'), code: `db.selectFrom('users').selectAll().execute(); sql\`now()\`; sql.raw('1');` },
    { filename: server('users/users.service.ts'), code: `repo.findUserById(db, 1); db.transaction().execute(async (trx) => repo.updateUser(trx, 1, {}));` },
    { filename: server('users/users.service.ts'), code: `const selectFrom = 1; list.join(','); text.raw;` },
  ],
  invalid: [
    { filename: server('users/users.service.ts'), code: `db.selectFrom('users').selectAll().execute();`, errors: error() },
    { filename: server('users/users.service.ts'), code: `trx.insertInto('users').values(row).execute();`, errors: error() },
    { filename: server('users/users.service.ts'), code: `db.updateTable('users').set({}).execute(); db.deleteFrom('users').execute();`, errors: error(2) },
    { filename: server('users/users.service.ts'), code: 'const q = sql`select 1`;', errors: error() },
    { filename: server('users/users.service.ts'), code: 'const q = sql<number>`select 1`;', errors: error() },
    { filename: server('users/users.service.ts'), code: `const c = sql.ref('users.id');`, errors: error() },
    { filename: resolve(root, 'apps/server/src/plugins/session.ts'), code: `db.selectFrom('sessions').selectAll().execute();`, errors: error() },
  ],
});
