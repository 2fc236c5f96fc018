import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The module rules of docs/ARCHITECTURE.md, checked on every relative module reference — `import … from`,
 * `export … from` and `import()`:
 * - web: a feature (apps/web/src/features/<f>/) never imports another feature; routes compose them;
 * - server: a module (apps/server/src/modules/<m>/) reaches another module through its service,
 *   never its repository. There is no debt list: every exception was paid (issue 37).
 * And `sql-in-repositories`: on the server, SQL (Kysely's `selectFrom`/`insertInto`/`updateTable`/
 * `deleteFrom`/`replaceInto`/`mergeInto`, the `sql` tag and its helpers) is built in `*.repository.ts`
 * files only — the db layer (src/db/), migrations and tests aside.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const area = (path, base) => {
  const rel = relative(resolve(root, base), path);
  return rel.startsWith('..') ? undefined : rel.split('/');
};

/** The string a module reference names, for the three node kinds that name one. */
const referencedSource = (node) => {
  const source = node.source;
  if (!source) return undefined;
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source.type === 'TemplateLiteral' && source.expressions.length === 0) return source.quasis[0]?.value.cooked;
  return undefined;
};

export const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    const webFeature = area(file, 'apps/web/src/features');
    const serverModule = area(file, 'apps/server/src/modules');
    if (!webFeature && !serverModule) return {};
    const check = (node) => {
      const source = referencedSource(node);
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      if (webFeature) {
        const to = area(target, 'apps/web/src/features');
        if (to && to[0] !== webFeature[0])
          context.report({ node, message: `Features don't import each other: ${webFeature[0]} → ${to[0]}. Compose them in src/app instead.` });
      }
      if (serverModule) {
        const to = area(target, 'apps/server/src/modules');
        if (to && to[0] !== serverModule[0] && /\.repository(\.js|\.ts)?$/.test(source))
          context.report({
            node,
            message: `Reach module '${to[0]}' through its service, not its repository (${serverModule.join('/')} -> ${to.join('/')}).`,
          });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const queryBuilders = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const sqlHelpers = new Set(['raw', 'ref', 'id', 'lit', 'join', 'table', 'val', 'value']);

const isSqlTag = (tag) =>
  (tag.type === 'Identifier' && tag.name === 'sql') ||
  // sql<T>`…` parses as a tagged template whose tag carries type arguments on the node itself.
  (tag.type === 'TSInstantiationExpression' && tag.expression.type === 'Identifier' && tag.expression.name === 'sql');

export const sqlInRepositories = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = context.filename;
    if (/\.repository\.ts$/.test(file)) return {};
    const report = (node, what) =>
      context.report({ node, message: `SQL is built in a *.repository.ts file only (${what}); call a repository function from here.` });
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const name = callee.property.name;
        if (queryBuilders.has(name)) report(node, `.${name}()`);
        else if (callee.object.type === 'Identifier' && callee.object.name === 'sql' && sqlHelpers.has(name)) report(node, `sql.${name}()`);
      },
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) report(node, 'sql`…`');
      },
    };
  },
};

export default { rules: { boundaries, 'sql-in-repositories': sqlInRepositories } };
