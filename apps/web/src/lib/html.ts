/**
 * Static page and FAQ HTML (spec §2 Static pages): entities decoded, inline
 * styles removed, tables wrapped for scrolling. The server already sanitizes
 * it; this DOM pass still drops scripts, styles, frames and event handlers.
 */
const DROP = 'script, style, iframe, object, embed, link, meta, base, form, noscript, template';

/** Decodes HTML-escaped markup (`&lt;p&gt;`) without executing anything. */
export function decodeEntities(html: string): string {
  const textarea = document.createElement('textarea');
  textarea.innerHTML = html;
  return textarea.value;
}

/** `title`: a leading heading repeating the page title is dropped (the page shows the title itself). */
export function prepareHtml(html: string, title?: string): string {
  const source = /&lt;[a-z/]/i.test(html) ? decodeEntities(html) : html;
  const doc = new DOMParser().parseFromString(`<body>${source}</body>`, 'text/html');
  doc.body.querySelectorAll(DROP).forEach((el) => el.remove());
  const first = doc.body.firstElementChild;
  if (title && first && /^H[1-3]$/.test(first.tagName) && first.textContent?.trim().toLowerCase() === title.trim().toLowerCase()) first.remove();
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') el.removeAttribute(attr.name);
      else if ((name === 'href' || name === 'src' || name === 'xlink:href') && /^(javascript|vbscript|data):/.test(value.replace(/\s+/g, ''))) {
        el.removeAttribute(attr.name);
      }
    }
    if (el.tagName === 'A' && /^https?:/i.test(el.getAttribute('href') ?? '')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
  });
  doc.body.querySelectorAll('table').forEach((table) => {
    if (table.parentElement?.classList.contains('table-scroll')) return;
    const wrapper = doc.createElement('div');
    wrapper.className = 'table-scroll';
    table.replaceWith(wrapper);
    wrapper.appendChild(table);
  });
  return doc.body.innerHTML;
}
