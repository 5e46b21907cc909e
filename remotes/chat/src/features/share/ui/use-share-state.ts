import { useUnit } from 'effector-react';
import { $shares, type ShareState } from '../share.model';

/** What the view shows for a share state; exported for the page title. */
export function useShareState(shareId: string): ShareState {
  const shares = useUnit($shares);
  return shares[shareId] ?? { status: 'loading' };
}
