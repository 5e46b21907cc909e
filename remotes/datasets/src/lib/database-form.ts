import type {
  CreateDatabaseBody,
  Database,
  DatabaseKind,
  TestDatabaseBody,
  UpdateDatabaseBody,
} from '@flotilla/shared';

/** The fields of the database form as the user edits them (the password empty: keep the stored one). */
export type DatabaseFormValues = {
  name: string;
  kind: DatabaseKind;
  host: string;
  port: number | null;
  database: string;
  user: string;
  password: string;
  description: string;
};

/** The port a kind's server listens on unless told otherwise. */
export const DEFAULT_PORTS = { builtin: null, postgres: 5432, mysql: 3306 } as const satisfies Record<
  DatabaseKind,
  number | null
>;

/** The form's first values: a new built-in database, or the saved database without its password. */
export function initialDatabaseForm(database: Database | null): DatabaseFormValues {
  if (!database)
    return { name: '', kind: 'builtin', host: '', port: null, database: '', user: '', password: '', description: '' };
  return {
    name: database.name,
    kind: database.kind,
    host: database.host,
    port: database.port || DEFAULT_PORTS[database.kind],
    database: database.database,
    user: database.user,
    password: '',
    description: database.description ?? '',
  };
}

/** The connection fields of an external kind; the password only when one was typed. */
function connection(values: DatabaseFormValues) {
  return {
    host: values.host.trim(),
    ...(values.port ? { port: values.port } : {}),
    database: values.database.trim(),
    user: values.user.trim(),
    ...(values.password ? { password: values.password } : {}),
  };
}

/** What creating the database sends: a built-in one has no connection fields. */
export function createBodyOf(values: DatabaseFormValues): CreateDatabaseBody {
  const common = { name: values.name.trim(), kind: values.kind, description: values.description.trim() };
  return values.kind === 'builtin' ? common : { ...common, ...connection(values) };
}

/** What saving an existing database sends; the kind is fixed at creation. */
export function updateBodyOf(values: DatabaseFormValues): UpdateDatabaseBody {
  const common = { name: values.name.trim(), description: values.description.trim() };
  return values.kind === 'builtin' ? common : { ...common, ...connection(values) };
}

/** What a connection test sends: the form, and the saved database's id so its stored password is used. */
export function testBodyOf(values: DatabaseFormValues, id: string | null): TestDatabaseBody {
  return { ...createBodyOf(values), ...(id ? { id } : {}) };
}

/** Whether the form has what its kind requires. */
export function databaseFormComplete(values: DatabaseFormValues): boolean {
  if (!values.name.trim()) return false;
  if (values.kind === 'builtin') return true;
  return Boolean(values.host.trim() && values.port && values.database.trim() && values.user.trim());
}
