import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The module rules of docs/ARCHITECTURE.md, checked on every relative import:
 * - web: a feature (apps/web/src/features/<f>/) never imports another feature; routes compose them;
 * - server: a module (apps/server/src/modules/<m>/) reaches another module through its service,
 *   never its repository. The pairs listed in `knownRepositoryImports` predate the rule: they are
 *   debt to pay down, and nothing may join them.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const knownRepositoryImports = new Set([
  'admin/admin-overview.routes.ts -> audit/audit.repository.js',
  'auth/auth.routes.ts -> users/users.repository.js',
  'auth/auth.service.ts -> users/users.repository.js',
  'deposits/deposits.routes.ts -> users/users.repository.js',
  'deposits/channel.service.ts -> users/users.repository.js',
  'realtime/realtime.chat-port.ts -> companion/companion.repository.js',
  'realtime/realtime.chat-port.ts -> topics/topics.repository.js',
  'messages/messages.service.ts -> topics/topics.repository.js',
  'companion/companion.service.ts -> messages/messages.repository.js',
  'companion/companion.service.ts -> topics/topics.repository.js',
]);

const area = (path, base) => {
  const rel = relative(resolve(root, base), path);
  return rel.startsWith('..') ? undefined : rel.split('/');
};

export default {
  rules: {
    boundaries: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        const webFeature = area(file, 'apps/web/src/features');
        const serverModule = area(file, 'apps/server/src/modules');
        if (!webFeature && !serverModule) return {};
        return {
          ImportDeclaration(node) {
            const source = node.source.value;
            if (typeof source !== 'string' || !source.startsWith('.')) return;
            const target = resolve(dirname(file), source);
            if (webFeature) {
              const to = area(target, 'apps/web/src/features');
              if (to && to[0] !== webFeature[0])
                context.report({ node, message: `Features don't import each other: ${webFeature[0]} → ${to[0]}. Compose them in src/app instead.` });
            }
            if (serverModule) {
              const to = area(target, 'apps/server/src/modules');
              if (to && to[0] !== serverModule[0] && /\.repository(\.js)?$/.test(source)) {
                const pair = `${serverModule.join('/')} -> ${to.join('/')}`;
                if (!knownRepositoryImports.has(pair))
                  context.report({ node, message: `Reach module '${to[0]}' through its service, not its repository (${pair}).` });
              }
            }
          },
        };
      },
    },
  },
};
