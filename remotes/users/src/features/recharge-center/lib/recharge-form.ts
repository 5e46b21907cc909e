import { CREDIT_LIMITS, type RechargeBody } from '@flotilla/shared';

/** The recharge dialog's values: `by` says whether the package or the amount counts. */
export type RechargeValues = {
  userId: string;
  by: 'package' | 'amount';
  packageId: string;
  amount: number | string | undefined;
  remark: string;
};

/** The message id of what is wrong with an amount of credits, as the server checks it; undefined when fine. */
export function validateAmount(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return 'users.recharge.amountRequired';
  const amount = Number(value);
  if (!Number.isInteger(amount) || amount < 1 || amount > CREDIT_LIMITS.rechargeMax)
    return 'users.recharge.amountRange';
  return undefined;
}

/** The call's body: the package or the amount (never both), the remark only when there is one. */
export function toRechargeBody(values: RechargeValues): RechargeBody {
  const remark = values.remark?.trim() ?? '';
  return {
    userId: values.userId,
    ...(values.by === 'package' ? { packageId: values.packageId } : { amount: Number(values.amount) }),
    ...(remark && { remark }),
  };
}
