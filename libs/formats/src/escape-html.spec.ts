import { escapeHtml, html, safeHtml } from './escape-html';

describe('escapeHtml / html', () => {
  it('escapes markup characters', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&\``)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;&#96;');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(12)).toBe('12');
  });

  it('escapes interpolations, keeps trusted fragments and joins arrays', () => {
    const rows = ['<b>', 'ok'].map((v) => html`<td>${v}</td>`);
    expect(html`<tr>${rows}</tr>${safeHtml('<hr>')}`.value).toBe('<tr><td>&lt;b&gt;</td><td>ok</td></tr><hr>');
  });
});
