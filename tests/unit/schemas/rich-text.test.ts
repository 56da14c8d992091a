import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createRichTextSanitizer, imagePath } from '../../../src/schema/rich-text';

// Issue 13.7/13.8: the one sanitiser configuration of rich text, as the browser and the server run it
// (here on a jsdom window, as the server does; the browser passes its own window).
const { sanitize, text } = createRichTextSanitizer(
  new JSDOM('').window as unknown as Window & typeof globalThis,
);

describe('rich-text sanitiser', () => {
  it('removes scripts, styles, frames and forms with what they run', () => {
    expect(
      sanitize(
        '<p>a<script>alert(1)</script></p><style>p{}</style><iframe src="https://x.example"></iframe><form><input></form><svg><script>1</script></svg>',
      ),
    ).toBe('<p>a</p>');
  });

  it('removes event handlers and attributes off the list', () => {
    expect(
      sanitize(
        '<p onclick="alert(1)" class="x" id="y">安全</p><img src="/uploads/xs/notice/202611/a.png" onerror="alert(1)" onload="alert(2)">',
      ),
    ).toBe('<p>安全</p><img src="/uploads/xs/notice/202611/a.png">');
  });

  it('removes javascript:, data: and vbscript: links, keeps http(s), mailto and paths', () => {
    const out = sanitize(
      [
        '<a href="javascript:alert(1)">1</a>',
        '<a href=" JaVaScRiPt:alert(1)">2</a>',
        '<a href="data:text/html,<script>alert(1)</script>">3</a>',
        '<a href="vbscript:msgbox(1)">4</a>',
        '<a href="https://example.com/a?b=1">5</a>',
        '<a href="mailto:a@example.com">6</a>',
        '<a href="/admin/home">7</a>',
      ].join(''),
    );
    expect(out).not.toMatch(/javascript|data:|vbscript/i);
    expect(out).toBe(
      [
        '<a target="_blank" rel="noopener noreferrer">1</a>',
        '<a target="_blank" rel="noopener noreferrer">2</a>',
        '<a target="_blank" rel="noopener noreferrer">3</a>',
        '<a target="_blank" rel="noopener noreferrer">4</a>',
        '<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">5</a>',
        '<a href="mailto:a@example.com" target="_blank" rel="noopener noreferrer">6</a>',
        '<a href="/admin/home" target="_blank" rel="noopener noreferrer">7</a>',
      ].join(''),
    );
  });

  it('keeps only images uploaded to this server, as their path here', () => {
    const html = [
      '<p>通知</p>',
      '<img src="https://tracker.example.com/pixel.gif">',
      '<img src="//cdn.example.com/a.png">',
      '<img src="https://evil.example/uploads/xs/NOTICE/202611/abc.png" alt="图">',
      '<img src="/uploads/xs/NOTICE/202611/def.png">',
      '<img src="/uploads/../keys/private.pem">',
      '<img src="/uploads/%2e%2e/keys/private.pem">',
      '<img src="data:image/png;base64,AAAA">',
      '<img src="javascript:alert(1)">',
      '<img>',
    ].join('');
    expect(sanitize(html)).toBe(
      '<p>通知</p><img src="/uploads/xs/NOTICE/202611/abc.png" alt="图"><img src="/uploads/xs/NOTICE/202611/def.png">',
    );
    expect(imagePath('http://console.local/uploads/xs/a.png')).toBe('/uploads/xs/a.png');
    expect(imagePath('/static/a.png')).toBeUndefined();
    expect(imagePath('/uploads\\..\\a.png')).toBeUndefined();
  });

  it('keeps the allowed formatting: bold, italic, underline, lists, headings, links, tables, styles', () => {
    const kept = [
      '<h2>标题</h2>',
      '<p><strong>粗</strong><em>斜</em><u>下划线</u><s>删</s><br>换行</p>',
      '<ol><li><p>一</p></li></ol><ul><li>二</li></ul>',
      '<blockquote>引用</blockquote><hr>',
      '<table><tbody><tr><td>格</td></tr></tbody></table>',
      '<p style="color: #ff0000; text-align: center">红</p>',
    ].join('');
    expect(sanitize(kept)).toBe(kept);
    // Styles beyond colour, alignment, weight and decoration go; an emptied style goes with them.
    expect(sanitize('<p style="position: fixed; color: red; background: url(x)">x</p>')).toBe('<p>x</p>');
    expect(sanitize('<span style="font-weight: bold; position: absolute">y</span>')).toBe(
      '<span style="font-weight: bold">y</span>',
    );
  });

  it('text is what a reader sees, entities decoded', () => {
    expect(text('<p>a &amp; b&nbsp;<strong>c</strong></p><script>d</script><p>&lt;e&gt;</p>')).toBe(
      'a & b\u00a0c<e>',
    );
  });
});
