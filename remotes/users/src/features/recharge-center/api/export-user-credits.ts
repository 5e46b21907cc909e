import { ExportUserCredits, request, type LedgerFilterQuery } from '@flotilla/shared';

/** The user's filtered ledger as an xlsx file. */
export function exportUserCredits({ userId, query }: { userId: string; query: LedgerFilterQuery }): Promise<Blob> {
  return request(ExportUserCredits, { params: { id: userId }, query });
}
