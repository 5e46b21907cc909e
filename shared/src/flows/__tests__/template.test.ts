import { describe, expect, it } from 'vitest';
import { jsonStringContent, lookupVariable, renderTemplate, templateVariables } from '../template';

const scope = {
  start: { question: '我想退货' },
  session: { city: '上海' },
  http1: { status: 200, ok: true, json: { order: { status: 'shipped', items: [{ sku: 'A1' }] } } },
  empty: { value: null },
};

describe('templates', () => {
  it('lists the variables a text names, as written', () => {
    expect(
      templateVariables('{{start.question}} in {{ session.city }}, {{http1.json.order.status}}; {{not a var}}'),
    ).toEqual(['start.question', 'session.city', 'http1.json.order.status']);
  });

  it('fills in variables, spaces inside the braces allowed', () => {
    expect(renderTemplate('Q: {{start.question}} / {{ session.city }}', scope)).toBe('Q: 我想退货 / 上海');
  });

  it('follows nested paths', () => {
    expect(renderTemplate('{{http1.json.order.status}} {{http1.json.order.items.0.sku}}', scope)).toBe('shipped A1');
  });

  it('fills a missing variable (or null) with nothing', () => {
    expect(renderTemplate('[{{start.nope}}][{{ghost.x.y}}][{{empty.value}}][{{start.question.length}}]', scope)).toBe(
      '[][][][]',
    );
  });

  it('never reads inherited properties', () => {
    expect(lookupVariable(scope, 'start.constructor')).toBeUndefined();
    expect(renderTemplate('{{start.toString}}{{__proto__.x}}', scope)).toBe('');
  });

  it('writes numbers and booleans as text, objects as JSON', () => {
    expect(renderTemplate('{{http1.status}} {{http1.ok}} {{http1.json.order}}', scope)).toBe(
      '200 true {"status":"shipped","items":[{"sku":"A1"}]}',
    );
  });

  it('encodes each value for a URL, so a question cannot change the URL', () => {
    const url = renderTemplate(
      'https://api.example.com/orders?q={{start.question}}&city={{session.city}}',
      { start: { question: 'a&admin=1#x /y?' }, session: { city: '上海' } },
      encodeURIComponent,
    );
    expect(url).toBe('https://api.example.com/orders?q=a%26admin%3D1%23x%20%2Fy%3F&city=%E4%B8%8A%E6%B5%B7');
    expect(new URL(url).searchParams.get('q')).toBe('a&admin=1#x /y?');
    expect([...new URL(url).searchParams.keys()]).toEqual(['q', 'city']);
  });

  it('escapes each value inside a JSON string, so a question cannot change the body', () => {
    const question = 'say "hi",\n"admin": true \\ </script>';
    expect(jsonStringContent(question)).toBe('say \\"hi\\",\\n\\"admin\\": true \\\\ </script>');
    const body = renderTemplate('{"q": "{{start.question}}", "n": 1}', { start: { question } }, jsonStringContent);
    expect(JSON.parse(body)).toEqual({ q: question, n: 1 });
  });

  it('leaves a text without variables as it is', () => {
    expect(renderTemplate('no {braces} here {{', scope)).toBe('no {braces} here {{');
  });
});
