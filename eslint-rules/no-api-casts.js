/**
 * Issue 32 §3: the web's fetchers (`apps/web/src/features/<feature>/api/`) return what the contract
 * schema parsed, never an asserted type. Reports `x as T` and `<T>x` (except `as const`), and type
 * arguments on the shared client's calls (`api.get<T>(…)`), which assert the answer's type unchecked:
 * pass the contract's schema instead (`api.get(path, schema)`). Option `typeArguments: false` turns
 * the last check off (the admin console's generic hooks, which screens type).
 */
export const noApiCasts = {
  meta: {
    type: 'problem',
    docs: { description: 'No type assertions of API data in feature fetchers: parse with the contract schema' },
    schema: [{ type: 'object', properties: { typeArguments: { type: 'boolean' } }, additionalProperties: false }],
    messages: {
      cast: 'No `as` casts of API data in fetchers: parse the answer with its contract schema (api.get(path, schema)).',
      typeArguments: 'No type arguments on api.{{method}}: pass the contract schema (api.{{method}}(path, schema, …)) so the answer is parsed, not asserted.',
    },
  },
  create(context) {
    const checkTypeArguments = context.options[0]?.typeArguments !== false;
    const isConst = (node) => node.typeAnnotation?.type === 'TSTypeReference' && node.typeAnnotation.typeName?.name === 'const';
    return {
      TSAsExpression(node) {
        if (!isConst(node)) context.report({ node, messageId: 'cast' });
      },
      TSTypeAssertion(node) {
        if (!isConst(node)) context.report({ node, messageId: 'cast' });
      },
      CallExpression(node) {
        if (!checkTypeArguments || !node.typeArguments) return;
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'api' && callee.property.type === 'Identifier')
          context.report({ node: node.typeArguments, messageId: 'typeArguments', data: { method: callee.property.name } });
      },
    };
  },
};

export default { rules: { 'no-api-casts': noApiCasts } };
