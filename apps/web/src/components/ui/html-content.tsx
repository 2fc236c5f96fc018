import { useMemo } from 'react';
import { prepareHtml } from '../../lib/html';

/** Renders server HTML after the DOM pass of lib/html. */
export function HtmlContent({ html, className = '', title }: { html: string; className?: string; title?: string }) {
  const clean = useMemo(() => prepareHtml(html, title), [html, title]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
