import { CreateCreditPackage, request, type CreditPackage, type CreditPackageBody } from '@flotilla/shared';

/** Adds a package (admins). Silent: the dialog shows a refusal. */
export function createCreditPackage(body: CreditPackageBody): Promise<CreditPackage> {
  return request(CreateCreditPackage, { body, silent: true });
}
