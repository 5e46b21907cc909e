import { describe, expect, it } from 'vitest';
import { formatPrice, localDayStart, parsePrice, toFilterQuery, toLedgerQuery } from '../lib/ledger-query';
import { toRechargeBody, validateAmount } from '../lib/recharge-form';

describe('ledger query', () => {
  it('sends only the filters that are set, the dates as local midnights with the end day included', () => {
    expect(toFilterQuery({ kind: 'all', from: '', to: '' })).toEqual({});
    expect(toFilterQuery({ kind: 'refund', from: '2026-02-28', to: '2026-02-28' })).toEqual({
      kind: 'refund',
      from: new Date(2026, 1, 28).toISOString(),
      to: new Date(2026, 2, 1).toISOString(),
    });
    expect(toLedgerQuery({ kind: 'all', from: '', to: '' }, { page: 3, pageSize: 50 })).toEqual({
      offset: 100,
      limit: 50,
    });
  });

  it('ignores a date that is not a day', () => {
    expect(localDayStart('yesterday')).toBeUndefined();
    expect(localDayStart('2026-13-45')).toBeUndefined();
    expect(localDayStart('2026-02-30')).toBeUndefined();
    expect(toFilterQuery({ kind: 'all', from: '2026-1-1', to: '' })).toEqual({});
  });

  it('reads and writes prices in cents', () => {
    expect(formatPrice(19900)).toBe('199.00');
    expect(formatPrice(5)).toBe('0.05');
    expect(parsePrice('199')).toBe(19900);
    expect(parsePrice(' 199.9 ')).toBe(19990);
    expect(parsePrice('0.05')).toBe(5);
    expect(parsePrice('1.234')).toBeUndefined();
    expect(parsePrice('-1')).toBeUndefined();
    expect(parsePrice('')).toBeUndefined();
  });
});

describe('recharge form', () => {
  it('checks the amount as the server does', () => {
    expect(validateAmount(undefined)).toBe('users.recharge.amountRequired');
    expect(validateAmount(0)).toBe('users.recharge.amountRange');
    expect(validateAmount(1.5)).toBe('users.recharge.amountRange');
    expect(validateAmount(10_000_001)).toBe('users.recharge.amountRange');
    expect(validateAmount(10_000_000)).toBeUndefined();
  });

  it('sends the package or the amount, never both, and a remark only when there is one', () => {
    const values = { userId: 'u1', packageId: 'p1', amount: 30, remark: '  ' };
    expect(toRechargeBody({ ...values, by: 'package' })).toEqual({ userId: 'u1', packageId: 'p1' });
    expect(toRechargeBody({ ...values, by: 'amount', remark: ' card ' })).toEqual({
      userId: 'u1',
      amount: 30,
      remark: 'card',
    });
  });
});
