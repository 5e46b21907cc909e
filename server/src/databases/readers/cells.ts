import { DATABASE_TABLE_LIMITS, type Cell } from '@flotilla/shared/contracts';

/**
 * A value as a driver returns it, as the console and the robots read it: text cut at the cell limit, dates
 * as ISO text, big integers and decimals as the driver's exact text, bytes as a short placeholder, JSON as text.
 */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value.slice(0, DATABASE_TABLE_LIMITS.cell);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return `<${value.byteLength} bytes>`;
  return JSON.stringify(value).slice(0, DATABASE_TABLE_LIMITS.cell);
}
