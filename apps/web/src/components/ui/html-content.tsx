import { useMemo } from 'react';
import { prepareHtml } from '../../lib/html';

/** Renders server HTML after the DOM pass of lib/html. */
export function HtmlContent({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => prepareHtml(html), [html]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
