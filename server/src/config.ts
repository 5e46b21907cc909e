/**
 * Server configuration, read from the environment once at start.
 *
 * | Variable                  | Default                         | Meaning |
 * |---------------------------|---------------------------------|---------|
 * | PORT                      | 8080                            | HTTP port. |
 * | HOST                      | 0.0.0.0                         | Interface to listen on. |
 * | FLOTILLA_DATA_DIR         | `data/` at the repository root  | SQLite database `<dir>/flotilla.db` and uploaded files `<dir>/files`. |
 * | DATABASE_URL              | (unset: SQLite)                 | `postgres://…` switches storage to PostgreSQL. |
 * | FLOTILLA_DB_SCHEMA        | (unset: the server's default)   | PostgreSQL schema to use (sets `search_path`). |
 * | FLOTILLA_ADMIN_USER       | admin                           | Username of the admin created at first start. |
 * | FLOTILLA_ADMIN_PASSWORD   | (random)                        | Its password; when unset a random one is printed once, at first start. |
 * | FLOTILLA_REMOTES          | (unset)                         | Path of a JSON file `{ "<name>": { "entry": "<manifest url>", "version": "…" } }` served as `/remotes.json`. Unset: `/remotes/<name>/mf-manifest.json` for robots, datasets, cases, users, chat. |
 * | FLOTILLA_DEV_REMOTES      | (unset)                         | `1`: `/remotes.json` points at the rspack dev servers (also when NODE_ENV=development). |
 * | FLOTILLA_STATIC_DIR       | the repository root             | Root of the builds: serves `shell/dist` at `/` and `remotes/<name>/dist` at `/remotes/<name>/`. |
 * | FLOTILLA_VERSION          | the server's package version    | Version reported by `/version.json`. |
 * | FLOTILLA_TRUST_PROXY      | (unset)                         | `1` when behind a reverse proxy, so client IPs (login throttling) come from X-Forwarded-For. |
 * | FLOTILLA_PUBLIC_ORIGIN    | (unset)                         | Comma-separated origins the console and share pages are served from, e.g. `https://bots.example.com`. Set: only they count as this server's own origin for shares with allowed origins; unset: the origin the request reached (its scheme and Host). |
 * | FLOTILLA_LOG_LEVEL        | info                            | fatal, error, warn, info, debug, trace or silent. A line per request (and per refused request) only at debug and trace. |
 * | FLOTILLA_OPENAI_MODELS    | (unset)                         | JSON array `[{ "id", "name", "price", "baseUrl", "apiKey", "model", "vision" }]` of OpenAI-compatible models robots may use (offered next to `builtin`). `price`: whole credits per answer; `model`: the upstream's model name (default `id`); `vision: true`: the model sees the images a chatter attaches (sent as `image_url` parts; default false: it is told it cannot see them). Only id, name and price are ever sent to clients. |
 * | FLOTILLA_EMBEDDING_MODELS | (unset)                         | JSON array `[{ "id", "name", "baseUrl", "apiKey", "model" }]` of OpenAI-compatible embedding endpoints a dataset may use for vector and hybrid search. Unset: full-text search only. |
 * | FLOTILLA_TTS              | (unset)                         | JSON object `{ "provider", "baseUrl", "apiKey", "model", "voices" }`: an OpenAI-compatible speech endpoint (`POST {baseUrl}/audio/speech`, mp3) the chat reads answers aloud with, e.g. `{ "provider": "openai", "baseUrl": "https://api.openai.com/v1", "apiKey": "sk-…", "model": "tts-1", "voices": ["alloy", "nova"] }`. `voices` (at least one; the first is the default): ids, or `{ "id", "name", "locale" }` to show a name and a language. `provider`: the label clients see (default `openai-compatible`). Only provider and voices are ever sent to clients. The endpoint may stay silent up to FLOTILLA_ANSWER_TIMEOUT_MS. Unset: the browser's own voices. |
 * | FLOTILLA_SMS              | (unset: the outbox)             | Where SMS codes go. Unset: the built-in outbox — nothing is sent; admins read messages in the console and each is logged at info level. JSON `{ "provider": "http", "url", "headers"?, "bodyTemplate"? }`: one POST per message to `url` (public addresses only) with `headers` and the body `bodyTemplate` with `{{phone}}` and `{{text}}` filled in (default `{"phone":"{{phone}}","text":"{{text}}"}` as JSON). docs/sms.md. |
 * | FLOTILLA_LOGIN_BRANDS     | (unset: plain login pages)      | JSON object `{ "<route name>": { "title"?, "subtitle"?, "logo"?, "color"?, "methods"?, "ssoProviders"? } }` branding the login pages by route name (`login`, `guoguoLogin` for /guoguo/login, `bcdsLogin` for /bcds/login): texts (one, or `{ "zh-CN", "en-US" }`), an `https://` or `data:image/…` logo, an accent `#rrggbb`, the ways in offered (`password`, `code`, `sso`) in tab order, the single sign-on providers shown. Unknown keys refused. docs/login-brands.md. |
 * | FLOTILLA_OIDC             | (unset)                         | JSON array `[{ "id", "name", "issuer", "clientId", "clientSecret", "tenantId"?, "role"?, "allowHttp"? }]` of OpenID Connect providers offered on the login page (single sign-on, docs/sso.md). A new user lands in `tenantId` (default: the first tenant) with `role` (default `agent`). `allowHttp: true` lets an `http://` issuer through (never for production). The secret stays on the server. |
 * | FLOTILLA_SECRET_KEY       | (unset: `<dir>/secret.key`)     | 32 bytes (64 hex digits or base64) that seal stored secrets such as external databases' passwords (AES-256-GCM). Unset: a random key is written once to `secret.key` in FLOTILLA_DATA_DIR (mode 0600). Keep it: secrets sealed under a lost key cannot be read again. |
 * | FLOTILLA_MAX_FILE_MB      | 50                              | Largest dataset file accepted, in MB. |
 * | FLOTILLA_ANSWER_TIMEOUT_MS | 60000                          | Longest an upstream model may stay silent (before its first token, and between tokens) before the answer ends with PROVIDER_TIMEOUT. |
 * | FLOTILLA_JOB_WORKERS      | 4                               | Background jobs (file parsing, imports) this process runs at a time (several, so that the tokenizer thread always has text while the main thread commits another job's segments); `0`: it runs none (another process does). |
 * | FLOTILLA_JOB_HEARTBEAT_MS | 5000                            | How often a running job proves its process is alive; a job silent for 6 beats is taken back (re-queued, or failed after 3 attempts; failed at once with FILE_PARSE_CRASHED when its process died while parsing its file — see docs/security.md). |
 * | FLOTILLA_JOB_STEP_DELAY_MS | 0                              | For tests only: a pause between the steps of every job, so a test can kill the process mid-job. Leave unset. |
 * | FLOTILLA_USER_CREATE_PER_MINUTE | 30                        | Users one admin may create (`POST /v1/users`) per minute; past it 429 RATE_LIMITED with Retry-After. |
 * | FLOTILLA_USER_CREATE_PER_DAY | 300                          | The same per day. Each refusal (taken username, limit) is logged at warn with the admin and the username tried. |
 * | NODE_ENV                  | (unset)                         | `development` turns on the dev remotes (see FLOTILLA_DEV_REMOTES). |
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import {
  BRANDED_LOGIN_ROUTES,
  isLoginLogo,
  LoginBrandsSchema,
  OIDC_LIMITS,
  ROLES,
  TTS_LIMITS,
  type LoginBrands,
  type Role,
  type TtsVoice,
} from '@flotilla/shared/contracts';
import { PARSE_BUDGET, type ParseBudget } from './lib/parse-budget';
import type { OutboundPolicy } from './lib/outbound/index';
import { normalizeOrigin } from './lib/origins';
import { systemClock, type Clock } from './lib/clock';
import { parseSecretKey } from './lib/secret-box';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; undefined means SQLite in `dataDir`. */
  databaseUrl?: string;
  /** PostgreSQL schema (search_path); tests use one fresh schema per file. */
  databaseSchema?: string;
  adminUser: string;
  /** Undefined: a random password is generated and printed once, at first start. */
  adminPassword?: string;
  remotesFile?: string;
  devRemotes: boolean;
  staticDir: string;
  version: string;
  trustProxy: boolean;
  /** This server's own origins (FLOTILLA_PUBLIC_ORIGIN), normalised; empty: judged from each request. */
  publicOrigins: string[];
  logLevel: string;
  /** OpenAI-compatible models offered to robots, from FLOTILLA_OPENAI_MODELS (id, name, price only). */
  openaiModels: OpenAiModel[];
  /** OpenAI-compatible embedding models datasets may use, from FLOTILLA_EMBEDDING_MODELS. */
  embeddingModels: EmbeddingModelConfig[];
  /** The text-to-speech provider, from FLOTILLA_TTS; undefined: the chat uses the browser's voices. */
  tts?: TtsConfig;
  /** Where SMS codes go (FLOTILLA_SMS): the built-in outbox, or an HTTP gateway. */
  sms: SmsConfig;
  /** OpenID Connect providers of the environment (FLOTILLA_OIDC). */
  oidc: OidcConfigProvider[];
  /** The login pages' brands by route name (FLOTILLA_LOGIN_BRANDS); a route without one is the plain page. */
  loginBrands: LoginBrands;
  /**
   * Tests only, never from the environment: lets the single sign-on client reach loopback addresses and
   * `http://` issuers on them (the test's own identity provider). Unset in production.
   */
  ssoLoopbackForTests?: boolean;
  /** The key that seals stored secrets (FLOTILLA_SECRET_KEY); undefined: the data folder's key file. */
  secretKey?: Buffer;
  maxFileBytes: number;
  answerTimeoutMs: number;
  /** Background jobs run at a time by this process (0: none). */
  jobWorkers: number;
  jobHeartbeatMs: number;
  /** Test hook: pause between job steps (FLOTILLA_JOB_STEP_DELAY_MS). */
  jobStepDelayMs: number;
  /** What parsing one uploaded file may cost (not from the environment: the defaults of parse-budget.ts; tests pass smaller ones). */
  parseBudget: ParseBudget;
  /** Users one admin may create per minute and per day. */
  userCreatePerMinute: number;
  userCreatePerDay: number;
  /** `POST /v1/case/key/use`: calls per secret a minute, and calls sent with a secret per client address a minute. */
  keyUsePerMinute: number;
  keyUseAddressPerMinute: number;
  /** Time of the login, user-creation and key-use throttles: the system's; tests pass a manual clock. */
  clock: Clock;
  /**
   * Tests only, never from the environment: how outbound requests (web reader, HTTP request nodes) resolve
   * names and which addresses they may reach, so a test stays on the machine. Unset in production: the
   * system's DNS and public addresses only.
   */
  outbound?: OutboundPolicy;
};

/**
 * A setting holding JSON: its parsed value, and how to refuse it — `<name> must be <shape>: <why>`, which stops
 * the start. Text that is no JSON is refused here.
 */
function jsonSetting(name: string, shape: string, value: string): { parsed: unknown; fail: (why: string) => never } {
  const fail = (why: string): never => {
    throw new Error(`${name} must be ${shape}: ${why}`);
  };
  try {
    return { parsed: JSON.parse(value), fail };
  } catch {
    return fail('not JSON');
  }
}

/** An OpenAI-compatible embeddings endpoint: id and name are public; the endpoint and key stay on the server. */
export type EmbeddingModelConfig = { id: string; name: string; baseUrl: string; apiKey: string; model: string };

/** FLOTILLA_EMBEDDING_MODELS → its models; a malformed value stops the start. */
function embeddingModels(value: string | undefined): EmbeddingModelConfig[] {
  if (value === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed))
    throw new Error('FLOTILLA_EMBEDDING_MODELS must be a JSON array of { id, name, baseUrl, apiKey, model }');
  return parsed.map((item: unknown, i) => {
    const { id, name, baseUrl, apiKey, model } = (item ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || id.trim() === '')
      throw new Error(`FLOTILLA_EMBEDDING_MODELS item ${i} needs a string id`);
    if (typeof baseUrl !== 'string' || !/^https?:\/\//.test(baseUrl))
      throw new Error(`FLOTILLA_EMBEDDING_MODELS item ${i} needs a baseUrl starting with http:// or https://`);
    const label = (v: unknown) => (typeof v === 'string' && v !== '' ? v : id);
    return { id, name: label(name), baseUrl, apiKey: typeof apiKey === 'string' ? apiKey : '', model: label(model) };
  });
}

/** An OpenAI-compatible model: id, name and price are public; the endpoint and key stay on the server. */
export type OpenAiModel = {
  id: string;
  name: string;
  price: number;
  baseUrl: string;
  apiKey: string;
  model: string;
  /** The model reads images (OpenAI `image_url` content parts); absent: it does not. */
  vision?: boolean;
};

/** FLOTILLA_OPENAI_MODELS → its models; a malformed value stops the start. */
function openAiModels(value: string | undefined): OpenAiModel[] {
  if (value === undefined) return [];
  const { parsed, fail } = jsonSetting(
    'FLOTILLA_OPENAI_MODELS',
    'a JSON array of { id, name, price, baseUrl, apiKey, model, vision? }',
    value,
  );
  if (!Array.isArray(parsed)) return fail('not an array');
  return parsed.map((item: unknown, i) => {
    const { id, name, price, baseUrl, apiKey, model, vision } = (item ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || id.trim() === '' || id === 'builtin')
      fail(`item ${i} needs a string id other than "builtin"`);
    if (vision !== undefined && typeof vision !== 'boolean') fail(`item ${i} needs vision as true or false`);
    if (price !== undefined && !(Number.isInteger(price) && (price as number) >= 0))
      fail(`item ${i} needs a whole, non-negative price`);
    if (typeof baseUrl !== 'string' || !/^https?:\/\//.test(baseUrl))
      fail(`item ${i} needs a baseUrl starting with http:// or https://`);
    const label = (value: unknown) => (typeof value === 'string' && value !== '' ? value : (id as string));
    return {
      id: id as string,
      name: label(name),
      price: (price as number | undefined) ?? 0,
      baseUrl: baseUrl as string,
      apiKey: typeof apiKey === 'string' ? apiKey : '',
      model: label(model),
      ...(vision === true ? { vision: true } : {}),
    };
  });
}

/** An OpenAI-compatible speech endpoint: provider and voices are public; the endpoint and key stay on the server. */
export type TtsConfig = { provider: string; baseUrl: string; apiKey: string; model: string; voices: TtsVoice[] };

/** FLOTILLA_TTS → its provider; a malformed value stops the start. */
function ttsProvider(value: string | undefined): TtsConfig | undefined {
  if (value === undefined) return undefined;
  const { parsed, fail } = jsonSetting(
    'FLOTILLA_TTS',
    'a JSON object { provider, baseUrl, apiKey, model, voices }',
    value,
  );
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail('not an object');
  const { provider, baseUrl, apiKey, model, voices } = parsed as Record<string, unknown>;
  if (typeof baseUrl !== 'string' || !/^https?:\/\//.test(baseUrl))
    fail('needs a baseUrl starting with http:// or https://');
  if (typeof model !== 'string' || model.trim() === '') fail('needs a model');
  if (!Array.isArray(voices) || voices.length === 0) fail('needs a non-empty voices array');
  const list = (voices as unknown[]).map((voice, i): TtsVoice => {
    const { id, name, locale } = (typeof voice === 'string' ? { id: voice } : (voice ?? {})) as Record<string, unknown>;
    if (typeof id !== 'string' || id.trim() === '' || id.length > TTS_LIMITS.voiceLength)
      fail(`voice ${i} needs an id of 1–${TTS_LIMITS.voiceLength} characters`);
    return {
      id: id as string,
      name: typeof name === 'string' && name !== '' ? name : (id as string),
      locale: typeof locale === 'string' ? locale : '',
    };
  });
  if (new Set(list.map((voice) => voice.id)).size !== list.length) fail('voice ids must differ');
  return {
    provider: typeof provider === 'string' && provider !== '' ? provider : 'openai-compatible',
    baseUrl: baseUrl as string,
    apiKey: typeof apiKey === 'string' ? apiKey : '',
    model: model as string,
    voices: list,
  };
}

/**
 * An HTTP gateway (FLOTILLA_SMS `{ "provider": "http", … }`): one POST per message to `url`, with `headers`
 * (an API key…) and a body made from `bodyTemplate`, where `{{phone}}` and `{{text}}` are replaced — escaped
 * for JSON, or URL-encoded when the Content-Type header is `application/x-www-form-urlencoded`. Without a
 * template the body is `{"phone":"…","text":"…"}` as JSON. Any 2xx answer means sent.
 */
export type SmsHttpConfig = {
  provider: 'http';
  url: string;
  headers: Record<string, string>;
  bodyTemplate?: string;
};
/** FLOTILLA_SMS: the built-in outbox (unset) or an HTTP gateway. */
export type SmsConfig = { provider: 'outbox' } | SmsHttpConfig;

/** FLOTILLA_SMS → its provider; a malformed value stops the start. */
function smsProvider(value: string | undefined): SmsConfig {
  if (value === undefined) return { provider: 'outbox' };
  const { parsed, fail } = jsonSetting(
    'FLOTILLA_SMS',
    'a JSON object { provider: "http", url, headers?, bodyTemplate? }',
    value,
  );
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return fail('not an object');
  const { provider, url, headers, bodyTemplate } = parsed as Record<string, unknown>;
  if (provider === 'outbox') return { provider: 'outbox' };
  if (provider !== 'http') fail('provider must be "http" or "outbox"');
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) fail('needs a url starting with http:// or https://');
  if (headers !== undefined && (headers === null || typeof headers !== 'object' || Array.isArray(headers)))
    fail('headers must be an object of strings');
  const headerList = Object.entries((headers ?? {}) as Record<string, unknown>);
  if (headerList.some(([, v]) => typeof v !== 'string')) fail('headers must be an object of strings');
  if (bodyTemplate !== undefined && typeof bodyTemplate !== 'string') fail('bodyTemplate must be a string');
  return {
    provider: 'http',
    url: url as string,
    headers: Object.fromEntries(headerList) as Record<string, string>,
    ...(bodyTemplate !== undefined ? { bodyTemplate: bodyTemplate as string } : {}),
  };
}

/** An OpenID Connect provider of FLOTILLA_OIDC; the client secret never leaves the server. */
export type OidcConfigProvider = {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where users it creates land; undefined: the first tenant. */
  tenantId?: string;
  role: Role;
  /** An `http://` issuer is allowed (tests and local trials only). */
  allowHttp: boolean;
};

/** FLOTILLA_OIDC → its providers; a malformed value stops the start. */
function oidcProviders(value: string | undefined): OidcConfigProvider[] {
  if (value === undefined) return [];
  const { parsed, fail } = jsonSetting(
    'FLOTILLA_OIDC',
    'a JSON array of { id, name, issuer, clientId, clientSecret, tenantId?, role?, allowHttp? }',
    value,
  );
  if (!Array.isArray(parsed)) return fail('not an array');
  const text = (v: unknown, max: number) => typeof v === 'string' && v.trim() !== '' && v.length <= max;
  const list = parsed.map((item: unknown, i): OidcConfigProvider => {
    const { id, name, issuer, clientId, clientSecret, tenantId, role, allowHttp } = (item ?? {}) as Record<
      string,
      unknown
    >;
    if (!text(id, 60) || !/^[A-Za-z0-9_-]+$/.test(id as string))
      fail(`item ${i} needs an id of letters, digits, _ or -`);
    if (!text(issuer, OIDC_LIMITS.urlMax) || !/^https?:\/\//.test(issuer as string))
      fail(`item ${i} needs an issuer URL`);
    if ((issuer as string).startsWith('http://') && allowHttp !== true)
      fail(`item ${i}: an http:// issuer needs allowHttp: true`);
    if (!text(clientId, OIDC_LIMITS.clientIdMax)) fail(`item ${i} needs a clientId`);
    if (clientSecret !== undefined && typeof clientSecret !== 'string') fail(`item ${i} needs a string clientSecret`);
    if (tenantId !== undefined && typeof tenantId !== 'string') fail(`item ${i} needs a string tenantId`);
    if (role !== undefined && !ROLES.includes(role as Role)) fail(`item ${i} needs a role of ${ROLES.join(', ')}`);
    return {
      id: id as string,
      name: text(name, OIDC_LIMITS.nameMax) ? (name as string) : (id as string),
      issuer: issuer as string,
      clientId: clientId as string,
      clientSecret: (clientSecret as string | undefined) ?? '',
      ...(tenantId ? { tenantId: tenantId as string } : {}),
      role: (role as Role | undefined) ?? 'agent',
      allowHttp: allowHttp === true,
    };
  });
  if (new Set(list.map((p) => p.id)).size !== list.length) fail('ids must differ');
  return list;
}

/** FLOTILLA_LOGIN_BRANDS → the brands by login route name; a malformed value stops the start. */
function loginBrands(value: string | undefined): LoginBrands {
  if (value === undefined) return {};
  const { parsed, fail } = jsonSetting(
    'FLOTILLA_LOGIN_BRANDS',
    `a JSON object of brands by login route (${BRANDED_LOGIN_ROUTES.join(', ')})`,
    value,
  );
  const error = Value.Errors(LoginBrandsSchema, parsed).First();
  if (error) return fail(`${error.path || 'the value'}: ${error.message}`);
  const brands = parsed as LoginBrands;
  for (const [route, brand] of Object.entries(brands))
    if (brand?.logo !== undefined && !isLoginLogo(brand.logo))
      fail(`/${route}/logo must be an https:// URL or a data:image/(png|jpeg|gif|webp|svg+xml) URL`);
  return brands;
}

/** The repository root (this file is `server/src/config.ts`). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('../../', import.meta.url)));

function serverPackageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (nonEmpty(value) === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return parsed;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (nonEmpty(value) === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

/** FLOTILLA_PUBLIC_ORIGIN → its origins, normalised; a value that is not a list of bare origins stops the start. */
function publicOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((item) => {
    const origin = normalizeOrigin(item.trim());
    if (origin === undefined)
      throw new Error(`FLOTILLA_PUBLIC_ORIGIN must list origins like https://bots.example.com, got "${item.trim()}"`);
    return origin;
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (unset it to use SQLite)');
  }
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: absolute(nonEmpty(env.FLOTILLA_DATA_DIR) ?? join(REPO_ROOT, 'data')),
    databaseUrl,
    databaseSchema: nonEmpty(env.FLOTILLA_DB_SCHEMA),
    adminUser: nonEmpty(env.FLOTILLA_ADMIN_USER) ?? 'admin',
    adminPassword: nonEmpty(env.FLOTILLA_ADMIN_PASSWORD),
    remotesFile: nonEmpty(env.FLOTILLA_REMOTES) && absolute(env.FLOTILLA_REMOTES as string),
    devRemotes: env.NODE_ENV === 'development' || env.FLOTILLA_DEV_REMOTES === '1',
    staticDir: absolute(nonEmpty(env.FLOTILLA_STATIC_DIR) ?? REPO_ROOT),
    version: nonEmpty(env.FLOTILLA_VERSION) ?? serverPackageVersion(),
    trustProxy: env.FLOTILLA_TRUST_PROXY === '1',
    publicOrigins: publicOrigins(nonEmpty(env.FLOTILLA_PUBLIC_ORIGIN)),
    logLevel: nonEmpty(env.FLOTILLA_LOG_LEVEL) ?? 'info',
    openaiModels: openAiModels(nonEmpty(env.FLOTILLA_OPENAI_MODELS)),
    embeddingModels: embeddingModels(nonEmpty(env.FLOTILLA_EMBEDDING_MODELS)),
    tts: ttsProvider(nonEmpty(env.FLOTILLA_TTS)),
    sms: smsProvider(nonEmpty(env.FLOTILLA_SMS)),
    oidc: oidcProviders(nonEmpty(env.FLOTILLA_OIDC)),
    loginBrands: loginBrands(nonEmpty(env.FLOTILLA_LOGIN_BRANDS)),
    secretKey:
      nonEmpty(env.FLOTILLA_SECRET_KEY) === undefined ? undefined : parseSecretKey(env.FLOTILLA_SECRET_KEY as string),
    maxFileBytes: positiveInteger('FLOTILLA_MAX_FILE_MB', env.FLOTILLA_MAX_FILE_MB, 50) * 1024 * 1024,
    answerTimeoutMs: positiveInteger('FLOTILLA_ANSWER_TIMEOUT_MS', env.FLOTILLA_ANSWER_TIMEOUT_MS, 60_000),
    jobWorkers: wholeNumber('FLOTILLA_JOB_WORKERS', env.FLOTILLA_JOB_WORKERS, 4),
    jobHeartbeatMs: positiveInteger('FLOTILLA_JOB_HEARTBEAT_MS', env.FLOTILLA_JOB_HEARTBEAT_MS, 5000),
    jobStepDelayMs: wholeNumber('FLOTILLA_JOB_STEP_DELAY_MS', env.FLOTILLA_JOB_STEP_DELAY_MS, 0),
    parseBudget: PARSE_BUDGET,
    userCreatePerMinute: positiveInteger('FLOTILLA_USER_CREATE_PER_MINUTE', env.FLOTILLA_USER_CREATE_PER_MINUTE, 30),
    userCreatePerDay: positiveInteger('FLOTILLA_USER_CREATE_PER_DAY', env.FLOTILLA_USER_CREATE_PER_DAY, 300),
    keyUsePerMinute: positiveInteger('FLOTILLA_KEY_USE_PER_MINUTE', env.FLOTILLA_KEY_USE_PER_MINUTE, 60),
    keyUseAddressPerMinute: positiveInteger(
      'FLOTILLA_KEY_USE_ADDRESS_PER_MINUTE',
      env.FLOTILLA_KEY_USE_ADDRESS_PER_MINUTE,
      120,
    ),
    clock: systemClock,
  };
}
