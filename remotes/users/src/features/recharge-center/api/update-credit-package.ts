import { request, UpdateCreditPackage, type CreditPackage, type CreditPackageBody } from '@flotilla/shared';

/** Changes a package (admins). Silent: the dialog shows a refusal. */
export function updateCreditPackage({ id, body }: { id: string; body: CreditPackageBody }): Promise<CreditPackage> {
  return request(UpdateCreditPackage, { params: { id }, body, silent: true });
}
