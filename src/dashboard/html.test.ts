import { describe, expect, it } from 'vitest';
import { html } from './html.js';

describe('html templates', () => {
  it('escapes values and keeps inner templates as markup', () => {
    const name = `<script>alert("x")</script> & 'y'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>',
    );
    expect(html`<ul>${['a<', 'b'].map((item) => html`<li>${item}</li>`)}</ul>`.value).toBe('<ul><li>a&lt;</li><li>b</li></ul>');
    expect(html`${null}${undefined}${false}${0}`.value).toBe('0');
  });
});
