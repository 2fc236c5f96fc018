import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';

/** A parameter value that `withParts` replaces by a React part (a link, a bold amount). */
export const part = (name: string) => `${MARK}${name}${MARK}`;

/** A translated sentence whose parameters were `part(name)`, with those parameters as React nodes. */
export function withParts(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text.split(MARK).map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? (parts[piece] ?? piece) : piece}</Fragment>);
}
