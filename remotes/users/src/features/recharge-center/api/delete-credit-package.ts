import { DeleteCreditPackage, request } from '@flotilla/shared';

/** Removes a package (admins); recharges made with it keep their ledger rows. */
export async function deleteCreditPackage(id: string): Promise<void> {
  await request(DeleteCreditPackage, { params: { id } });
}
