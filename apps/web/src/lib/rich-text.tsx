import { Fragment, type ReactNode } from 'react';
import { type TextKey, type TextParams, type Translate } from './i18n';

/**
 * A catalogue text with elements in it (a link, a bold email): each named parameter in `nodes` is
 * replaced by its element, so translators can move it anywhere in the sentence.
 */
export function richText(t: Translate, key: TextKey, nodes: Record<string, ReactNode>, params: TextParams = {}): ReactNode {
  const names = Object.keys(nodes);
  // The parameters come back as markers that cannot occur in a text, then become the elements.
  const marked = t(key, { ...params, ...Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`])) });
  return marked.split('\u0000').map((part, index) => <Fragment key={index}>{index % 2 === 1 && names.includes(part) ? nodes[part] : part}</Fragment>);
}
