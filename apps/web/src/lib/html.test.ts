// @vitest-environment jsdom
// jsdom, not happy-dom: DOMPurify reads DOM getters from Node.prototype, which happy-dom does not implement (every tag would be dropped).
import { describe, expect, it } from 'vitest';
import { prepareHtml } from './html';

describe('static page html (spec §2)', () => {
  it('decodes escaped markup, removes inline styles and wraps tables', () => {
    const out = prepareHtml('&lt;p style="color:red"&gt;Hi &amp;amp; bye&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;1&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;');
    expect(out).toContain('<p>Hi &amp; bye</p>');
    expect(out).not.toContain('style=');
    expect(out).toMatch(/<div class="table-scroll"><table>/);
  });

  it('keeps ordinary markup and drops scripts, styles, frames and handlers', () => {
    const out = prepareHtml(
      '<h2>T</h2><script>alert(1)</script><style>p{}</style><iframe></iframe><img src="/a.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a><a href="https://example.com">e</a>',
    );
    expect(out).toContain('<h2>T</h2>');
    expect(out).not.toMatch(/script|<style|iframe|onerror|javascript:/);
    expect(out).toContain('<img src="/a.png">');
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">e</a>');
  });

  it('drops a leading heading that repeats the page title, and only that', () => {
    expect(prepareHtml('<h2>Terms of Service</h2><p>x</p>', 'Terms of Service')).toBe('<p>x</p>');
    expect(prepareHtml('<p>x</p><h2>Terms of Service</h2>', 'Terms of Service')).toBe('<p>x</p><h2>Terms of Service</h2>');
    expect(prepareHtml('<h2>Other</h2>', 'Terms of Service')).toBe('<h2>Other</h2>');
  });

  it('leaves plain text with a literal less-than alone', () => {
    expect(prepareHtml('<p>1 &lt; 2</p>')).toBe('<p>1 &lt; 2</p>');
  });

  it('escaped markup decoded into tags is cleaned by DOMPurify: no script vector survives the decoding', () => {
    // Text that only looks like markup until the entity pass turns it back into tags.
    const escaped = [
      '&lt;svg&gt;&lt;a&gt;&lt;animate attributeName="href" values="javascript:alert(1)"/&gt;&lt;text y="20"&gt;x&lt;/text&gt;&lt;/a&gt;&lt;/svg&gt;',
      '&lt;button formaction="javascript:alert(2)"&gt;go&lt;/button&gt;',
      '&lt;math&gt;&lt;a xlink:href="javascript:alert(3)"&gt;m&lt;/a&gt;&lt;/math&gt;',
      '&lt;p&gt;ok&lt;/p&gt;',
    ].join('');
    const out = prepareHtml(escaped);
    expect(out).toContain('<p>ok</p>');
    expect(out).not.toMatch(/javascript:|<animate|formaction/i);
  });
});
