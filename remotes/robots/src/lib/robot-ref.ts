import { useEffect } from 'react';
import type { Robot } from '@flotilla/shared';

/** What a detail tab needs to address its robot: its id, and its admin's id (part of some paths). */
export type RobotRef = Pick<Robot, 'processId' | 'adminId'>;

/** Tells a detail tab's model which robot is on screen, again whenever it changes. */
export function useRobotOpened(opened: (robot: RobotRef) => void, { processId, adminId }: RobotRef): void {
  useEffect(() => {
    opened({ processId, adminId });
  }, [opened, processId, adminId]);
}
