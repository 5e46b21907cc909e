import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';

/** `/version.json`: the console compares it with the first one seen; any other version is new. */
export const VersionInfoSchema = Type.Object({ version: Type.String(), buildTime: Type.String() });
export type VersionInfo = Static<typeof VersionInfoSchema>;

/** `/remotes.json`: where each remote's manifest lives (deployment configuration, never compiled into the shell). */
export const REMOTE_NAMES = ['robots', 'datasets', 'cases', 'users', 'chat'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export const RemoteEntrySchema = Type.Object({ entry: Type.String(), version: Type.String() });
export const RemotesConfigSchema = Type.Record(Type.String(), RemoteEntrySchema);
export type RemotesConfig = Static<typeof RemotesConfigSchema>;
/** The id of the JSON data block in which the server inlines `/remotes.json` into the console's page it serves. */
export const REMOTES_CONFIG_ELEMENT_ID = 'remotes-config';

export const HealthSchema = Type.Object({ status: Type.Literal('ok'), db: Type.String() });

/** Liveness, with a database round trip. */
export const GetHealth = endpoint({ method: 'GET', path: '/healthz', response: HealthSchema });
/** The console's version and build time; the console polls it (past every cache) to notice a new deployment. */
export const GetVersionInfo = endpoint({ method: 'GET', path: '/version.json', response: VersionInfoSchema });
/** Where each remote's manifest lives; the console reads it past every cache. */
export const GetRemotesConfig = endpoint({ method: 'GET', path: '/remotes.json', response: RemotesConfigSchema });
