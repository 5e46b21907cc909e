/** The model name the snippets send: the secret names the robot, so any string works. */
const MODEL = 'flotilla';

/** The OpenAI-compatible base URL of this console's server (`<origin>/v1`). */
export function openAiBaseUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}/v1`;
}

/** A `curl` call of the robot through `POST /v1/chat/completions`, with `key` as the bearer secret. */
export function curlSnippet(baseUrl: string, key: string): string {
  return [
    `curl ${baseUrl}/chat/completions \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '{"model": "${MODEL}", "messages": [{"role": "user", "content": "Hello"}]}'`,
  ].join('\n');
}

/** The same call with the official `openai` Python client. */
export function openAiPythonSnippet(baseUrl: string, key: string): string {
  return [
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url="${baseUrl}", api_key="${key}")`,
    'reply = client.chat.completions.create(',
    `    model="${MODEL}",`,
    '    messages=[{"role": "user", "content": "Hello"}],',
    ')',
    'print(reply.choices[0].message.content)',
  ].join('\n');
}
