import type { DatabaseTable } from '@flotilla/shared/contracts';
import type { SqlDialect } from '../../lib/sql-guard';

const DIALECT_NAMES: Record<SqlDialect, string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
  mysql: 'MySQL/MariaDB',
};

/** The instructions a model gets to write one SELECT over the described tables for the question. */
export function sqlInstructions(dialect: SqlDialect, tables: DatabaseTable[], maxRows: number): string {
  const schema = tables.map((table) => {
    const columns = table.columns.map((column) => {
      const notes = [column.type, column.key ? 'key' : '', column.description].filter(Boolean).join(', ');
      return `  - ${column.name}${notes ? ` (${notes})` : ''}`;
    });
    return [`- ${table.name}${table.description ? `: ${table.description}` : ''}`, ...columns].join('\n');
  });
  return [
    `You write one read-only SQL query for a ${DIALECT_NAMES[dialect]} database that answers the user's question.`,
    'The tables you may read, with their columns:',
    ...schema,
    `Write a single SELECT over these tables only, returning at most ${maxRows} rows. No other statement, no comment.`,
    'Reply with the query in a ```sql block. If these tables cannot answer the question, reply NONE.',
  ].join('\n');
}

/** The SQL of a model's reply: its ```sql block (or first fenced block), else the bare text; undefined for none. */
export function sqlFromReply(reply: string): string | undefined {
  const fenced = /```[ \t]*(?:sql)?[ \t]*\r?\n?([\s\S]*?)```/i.exec(reply);
  const text = (fenced ? fenced[1] : reply)?.trim() ?? '';
  if (text === '' || /^none\.?$/i.test(text)) return undefined;
  return text;
}
