/**
 * Issue 19: every interface text of the web app comes from the localization catalogue. This rule
 * fails when a component renders an English sentence or word itself instead of `t('section.key')`:
 * - JSX text with a word in it (`<h1>Welcome</h1>`), and string or template literals rendered as
 *   JSX children (`{busy ? 'Saving…' : 'Save'}`);
 * - literals in attributes and props a person reads (placeholder, title, aria-label, alt, label…),
 *   also as object properties (`{ label: 'Date' }`);
 * - literals passed to `toast.*(…)`.
 * A "word" is two or more letters; punctuation, symbols and numbers pass, and so do the names in
 * `allowedWords` (brands), and so do catalogue keys (`{ label: 'chatUi.live' }`, translated where
 * rendered). User content is never a literal, so it is never flagged.
 */
const textProps = new Set([
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'label',
  'hint',
  'heading',
  'message',
  'description',
  'emptyText',
  'emptyMessage',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'buttonLabel',
  'text',
  'caption',
  'tooltip',
]);
const allowedWords = new Set(['Parley', 'Visa', 'Mastercard', 'EUR', 'USD', 'GBP', 'IBAN', 'ZIP', 'QR', 'PDF', 'ZIP', 'JSON', 'OK']);

/** True when the text holds a word a translator would translate. */
export function hasWords(text) {
  // A catalogue key ('chatUi.live') handed to t() later is no text.
  if (/^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/.test(text.trim())) return false;
  const words = text.match(/\p{L}{2,}/gu) ?? [];
  return words.some((word) => !allowedWords.has(word));
}

const literalText = (node) => {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  return undefined;
};

/** The literals an expression may evaluate to (through ?:, && and ||). */
function* renderedLiterals(node) {
  if (!node) return;
  if (node.type === 'ConditionalExpression') {
    yield* renderedLiterals(node.consequent);
    yield* renderedLiterals(node.alternate);
  } else if (node.type === 'LogicalExpression') {
    yield* renderedLiterals(node.right);
    if (node.operator !== '&&') yield* renderedLiterals(node.left);
  } else if (literalText(node) !== undefined) {
    yield node;
  }
}

const message = 'Localize this text: render t(\'section.key\') from the catalogue (packages/contracts/src/texts) instead of "{{text}}".';

export const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'Interface texts come from the localization catalogue, not from literals' },
    messages: { literal: message },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 60) } });
    const check = (expression) => {
      for (const node of renderedLiterals(expression)) {
        const text = literalText(node);
        if (text !== undefined && hasWords(text)) report(node, text);
      }
    };
    const attributeName = (node) => (node.name.type === 'JSXNamespacedName' ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name);
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        const parent = node.parent;
        if (parent && (parent.type === 'JSXElement' || parent.type === 'JSXFragment')) check(node.expression);
      },
      JSXAttribute(node) {
        if (!textProps.has(attributeName(node)) || !node.value) return;
        if (node.value.type === 'Literal') check(node.value);
        else if (node.value.type === 'JSXExpressionContainer') check(node.value.expression);
      },
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? String(node.key.value) : undefined;
        if (key !== undefined && textProps.has(key)) check(node.value);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'toast') check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'no-literal-text': noLiteralText } };
