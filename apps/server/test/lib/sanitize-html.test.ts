import { describe, expect, it } from 'vitest';
import { sanitizeUserHtml } from '../../src/lib/sanitize-html.js';

/**
 * The server's HTML policy (lib/sanitize-html.ts) against hostile input. Its allow-list is the web's
 * (apps/web/src/lib/rich-text.ts): the same tags, a link's address only, the same schemes, the same dropped elements.
 */
describe('sanitizeUserHtml', () => {
  const hostile: [string, string, RegExp][] = [
    ['script with content', '<p>a</p><script>alert(1)</script>', /script|alert/i],
    ['event handler', '<p onclick="x()" onmouseover="y()">a</p>', /on\w+=/i],
    ['img onerror', '<img src=x onerror="alert(1)">', /<img|onerror/i],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', /javascript|&#106;/i],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', /data:/i],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', /vbscript/i],
    ['protocol-relative link', '<a href="//evil.example/x">x</a>', /evil/i],
    ['relative link', '<a href="/admin">x</a>', /href/i],
    ['iframe', '<iframe src="https://evil"></iframe>', /iframe|evil/i],
    ['svg with script', '<svg><script>alert(1)</script><a xlink:href="javascript:1">s</a></svg>', /svg|script|alert|javascript/i],
    ['math', '<math><mi xlink:href="javascript:1">m</mi></math>', /math|javascript/i],
    ['style element and attribute', '<style>body{}</style><p style="background:url(javascript:1)">a</p>', /style|javascript/i],
    ['template', '<template><img src=x onerror=alert(1)></template>', /template|onerror/i],
    ['form controls', '<form action="https://evil"><input value="x"><textarea>t</textarea><select><option>o</option></select></form>', /form|input|textarea|select|option|evil/i],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', /object|embed|swf/i],
    ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=https://evil"><base href="https://evil/">', /meta|base|evil/i],
    ['comment tricks', '<!--<script>alert(1)</script>--><p>a</p>', /script|alert/i],
    ['unclosed attribute', '<p title="a><script>alert(1)</script>">b</p>', /<script/i],
    ['class and id', '<p class="x" id="y">a</p>', /class|id=/i],
  ];

  it.each(hostile)('%s is neutralised', (_name, input, forbidden) => {
    expect(sanitizeUserHtml(input)).not.toMatch(forbidden);
  });

  it('keeps the allowed tags, and links to http(s), mailto and tel with rel noopener', () => {
    const html =
      '<h2>T</h2><h3>U</h3><h4>V</h4><p><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><span>sp</span></p>' +
      '<div><ul><li>1</li></ul><ol><li>2</li></ol><br></div>' +
      '<a href="https://example.com/x?y=1" target="_blank">w</a><a href="mailto:a@example.com">m</a><a href="tel:+97221234567">t</a>';
    expect(sanitizeUserHtml(html)).toBe(
      '<h2>T</h2><h3>U</h3><h4>V</h4><p><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><span>sp</span></p>' +
        '<div><ul><li>1</li></ul><ol><li>2</li></ol><br /></div>' +
        '<a rel="noopener noreferrer" href="https://example.com/x?y=1" target="_blank">w</a>' +
        '<a rel="noopener noreferrer" href="mailto:a@example.com">m</a><a rel="noopener noreferrer" href="tel:+97221234567">t</a>',
    );
  });

  it('keeps the text of unknown tags and of a refused link, and escapes stray markup characters', () => {
    expect(sanitizeUserHtml('<font color="red">keep</font> <blink>this</blink>')).toBe('keep this');
    expect(sanitizeUserHtml('<a href="javascript:x">label</a>')).toBe('<a rel="noopener noreferrer">label</a>');
    expect(sanitizeUserHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('keeps Hebrew text as it is', () => {
    expect(sanitizeUserHtml('<p>שלום <b>עולם</b></p>')).toBe('<p>שלום <b>עולם</b></p>');
  });

  it('flattens nesting deeper than the web renders (32) to text', () => {
    const deep = '<div>'.repeat(100) + 'deep' + '</div>'.repeat(100);
    const out = sanitizeUserHtml(deep);
    expect(out.match(/<div>/g)?.length).toBeLessThanOrEqual(32);
    expect(out).toContain('deep');
  });

  it('is stable: sanitising twice gives the same text', () => {
    const html = '<p onclick="x">a <a href="https://e.com" target="_blank">b</a><script>c</script></p>';
    const once = sanitizeUserHtml(html);
    expect(sanitizeUserHtml(once)).toBe(once);
  });
});
