import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_DEFINITIONS, EMAIL_TEMPLATE_LIST, EMAIL_TEMPLATE_TYPES, htmlKeysOf } from './email-template-types';
import { renderSample } from './server/email-templates.service';
import { sanitizeTemplateHtml } from './server/sanitize-template';
import { styleLinks } from '../../server/email/templates';

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;
const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);

describe('the e-mail template registry', () => {
  it('has the two types the debugging tool names and one entry per type', () => {
    expect(EMAIL_TEMPLATE_TYPES).toContain('booking-confirmation');
    expect(EMAIL_TEMPLATE_TYPES).toContain('booking-cancellation');
    for (const type of EMAIL_TEMPLATE_TYPES) expect(EMAIL_TEMPLATE_DEFINITIONS[type].type).toBe(type);
    expect(new Set(EMAIL_TEMPLATE_TYPES).size).toBe(EMAIL_TEMPLATE_TYPES.length);
  });

  it.each(EMAIL_TEMPLATE_LIST.map((definition) => [definition.type, definition] as const))(
    '%s: documents every placeholder it uses and has a sample for every key',
    (_type, definition) => {
      const documented = new Set(definition.keys.map((entry) => entry.key));
      for (const name of [...placeholdersOf(definition.subject), ...placeholdersOf(definition.content)]) expect(documented).toContain(name);
      for (const name of documented) expect(Object.keys(definition.sample)).toContain(name);
    },
  );

  it.each(EMAIL_TEMPLATE_TYPES)('%s: its default renders with the sample values, with no placeholder left over', (type) => {
    const definition = EMAIL_TEMPLATE_DEFINITIONS[type];
    const email = renderSample(definition, type, { publicUrl: 'https://site.test', brandName: 'Vibe Coding Workshop' });
    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.subject).not.toMatch(/\{\{|\}\}/);
    expect(email.html).not.toMatch(/\{\{|\}\}/);
    expect(email.text).not.toMatch(/\{\{|\}\}/);
    expect(email.html).toContain('<!doctype html>');
    // Sample links to the site point at PUBLIC_URL.
    if (definition.keys.some((entry) => entry.key === 'participantLink')) expect(email.html).toContain('href="https://site.test/participant?token=sample"');
    // Product-built markup for html keys is inserted as markup, not escaped (its links styled like every link).
    for (const name of htmlKeysOf(type)) {
      if (definition.content.includes(`{{${name}}}`) && definition.sample[name]) expect(email.html).toContain(styleLinks(definition.sample[name]));
    }
  });

  it.each(EMAIL_TEMPLATE_TYPES)('%s: its default survives the sanitiser unchanged, so saving it as it is changes nothing', (type) => {
    const { content } = EMAIL_TEMPLATE_DEFINITIONS[type];
    expect(sanitizeTemplateHtml(content)).toBe(content);
  });
});

describe('renderSample', () => {
  it('applies replacements over the samples, escaped, and a replacement of an html key is escaped too', () => {
    const email = renderSample(EMAIL_TEMPLATE_DEFINITIONS['booking-confirmation'], 'booking-confirmation', { publicUrl: 'https://site.test', brandName: 'Vibe Coding Workshop' }, {
      firstName: '<b>Grace</b>',
      details: '<i>plain</i>',
    });
    expect(email.html).toContain('Hi &lt;b&gt;Grace&lt;/b&gt;,');
    expect(email.html).toContain('&lt;i&gt;plain&lt;/i&gt;');
    expect(email.html).not.toContain('<i>plain</i>');
  });
});

describe('sanitizeTemplateHtml', () => {
  it('removes scripts, handlers and javascript: links but keeps placeholders, also inside an href', () => {
    const clean = sanitizeTemplateHtml('<p onclick="x()">Hi {{ firstName }}</p><a href="{{payLink}}">Pay</a><script>alert(1)</script><a href="javascript:alert(1)">j</a><svg><circle/></svg>');
    expect(clean).toBe('<p>Hi {{ firstName }}</p><a href="{{payLink}}">Pay</a><a>j</a>');
  });
});
