import type { Robot, ShareSettings, User } from '@flotilla/shared/contracts';

/** A tiny client of the real API for arranging browser tests (the browser then does the real work). */
export class Api {
  private constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly user: User,
  ) {}

  static async login(baseUrl: string, username: string, password: string): Promise<Api> {
    const res = await fetch(`${baseUrl}/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    const { token, user } = (await res.json()) as { token: string; user: User };
    return new Api(baseUrl, token, user);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  createRobot(name: string): Promise<Robot> {
    return this.call('POST', '/v1/processes', { name, description: `${name} answers questions` });
  }

  enableShare(processId: string): Promise<ShareSettings> {
    return this.call('PUT', `/v1/users/${this.user.id}/processes/${processId}/share/enable`);
  }

  createUser(username: string, role: 'admin' | 'operator' | 'agent', password = 'password-1234'): Promise<User> {
    return this.call('POST', '/v1/users', { username, nickname: username, password, role });
  }

  createDataset(name: string): Promise<{ id: string }> {
    return this.call('POST', '/v1/datasets', { name, description: `${name} documents` });
  }
}
