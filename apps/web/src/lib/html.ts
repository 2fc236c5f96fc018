import DOMPurify from 'dompurify';

/**
 * Static page and FAQ HTML (spec §2 Static pages): entities decoded, inline
 * styles removed, tables wrapped for scrolling. The server already sanitizes
 * it; decoding escaped markup turns text back into tags, so the result goes
 * through DOMPurify (a hand-written pass misses vectors such as SVG animations).
 */
const FORBID_TAGS = ['style', 'form', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'noscript', 'template'];

/** Decodes HTML-escaped markup (`&lt;p&gt;`) without executing anything. */
export function decodeEntities(html: string): string {
  const textarea = document.createElement('textarea');
  textarea.innerHTML = html;
  return textarea.value;
}

/** `title`: a leading heading repeating the page title is dropped (the page shows the title itself). */
export function prepareHtml(html: string, title?: string): string {
  const source = /&lt;[a-z/]/i.test(html) ? decodeEntities(html) : html;
  const clean = DOMPurify.sanitize(source, { FORBID_TAGS, FORBID_ATTR: ['style', 'srcdoc'] });
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html');
  const body = doc.body;
  const first = body.firstElementChild;
  if (title && first && /^H[1-3]$/.test(first.tagName) && first.textContent?.trim().toLowerCase() === title.trim().toLowerCase()) first.remove();
  body.querySelectorAll('a').forEach((el) => {
    if (/^https?:/i.test(el.getAttribute('href') ?? '')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  });
  body.querySelectorAll('table').forEach((table) => {
    if (table.parentElement?.classList.contains('table-scroll')) return;
    const wrapper = doc.createElement('div');
    wrapper.className = 'table-scroll';
    table.replaceWith(wrapper);
    wrapper.appendChild(table);
  });
  return body.innerHTML;
}
