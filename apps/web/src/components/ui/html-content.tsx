import { useEffect, useMemo, useState } from 'react';

type Prepare = typeof import('../../lib/html').prepareHtml;
let loading: Promise<Prepare> | undefined;
let loaded: Prepare | undefined;

/**
 * The sanitizer (DOMPurify, ~12 KB gzip) loads on first use, not with the home page's first JavaScript
 * (issue #10's 150 KB budget): server HTML is shown a moment later, and never before it is sanitized.
 */
function loadPrepare(): Promise<Prepare> {
  loading ??= import('../../lib/html').then((module) => (loaded = module.prepareHtml));
  return loading;
}

/** Renders server HTML after the DOM pass of lib/html. */
export function HtmlContent({ html, className = '', title }: { html: string; className?: string; title?: string }) {
  const [prepare, setPrepare] = useState<Prepare | undefined>(() => loaded);
  useEffect(() => {
    if (prepare) return;
    let live = true;
    void loadPrepare().then((fn) => live && setPrepare(() => fn));
    return () => {
      live = false;
    };
  }, [prepare]);
  const clean = useMemo(() => (prepare ? prepare(html, title) : ''), [prepare, html, title]);
  return <div className={`rich-text ${className}`} aria-busy={prepare ? undefined : true} dangerouslySetInnerHTML={{ __html: clean }} />;
}
