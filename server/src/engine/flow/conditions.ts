import type { ConditionRule } from '@flotilla/shared/contracts';

/** Whether one rule holds; `left` and `right` are the rule's texts with their variables filled in. */
export function ruleHolds(operator: ConditionRule['operator'], left: string, right: string): boolean {
  switch (operator) {
    case 'equals':
      return left.trim() === right.trim();
    case 'notEquals':
      return left.trim() !== right.trim();
    case 'contains':
      return right !== '' && left.includes(right);
    case 'notContains':
      return right === '' || !left.includes(right);
    case 'isEmpty':
      return left.trim() === '';
    case 'isNotEmpty':
      return left.trim() !== '';
    case 'greaterThan':
      return compareNumbers(left, right, (a, b) => a > b);
    case 'lessThan':
      return compareNumbers(left, right, (a, b) => a < b);
  }
}

/** Numbers compare as numbers; anything that is not a number makes the rule false. */
function compareNumbers(left: string, right: string, holds: (a: number, b: number) => boolean): boolean {
  const a = Number(left.trim());
  const b = Number(right.trim());
  return left.trim() !== '' && right.trim() !== '' && Number.isFinite(a) && Number.isFinite(b) && holds(a, b);
}
