import { describe, expect, it } from 'vitest';
import { curlSnippet, openAiBaseUrl, openAiPythonSnippet } from '../api-snippets';

describe('API snippets', () => {
  it('point the OpenAI-compatible clients at <origin>/v1 with the key', () => {
    const base = openAiBaseUrl('https://bots.example.com/');
    expect(base).toBe('https://bots.example.com/v1');
    expect(curlSnippet(base, 'sk-1')).toContain('curl https://bots.example.com/v1/chat/completions');
    expect(curlSnippet(base, 'sk-1')).toContain('-H "Authorization: Bearer sk-1"');
    expect(openAiPythonSnippet(base, 'sk-1')).toContain(
      'client = OpenAI(base_url="https://bots.example.com/v1", api_key="sk-1")',
    );
  });

  it('send a body the server accepts', () => {
    const body = /-d '(.*)'$/m.exec(curlSnippet('http://x/v1', 'k'))![1]!;
    expect(JSON.parse(body)).toEqual({ model: 'flotilla', messages: [{ role: 'user', content: 'Hello' }] });
  });
});
