import type { Robot } from '@flotilla/shared';

/** What a detail tab needs to address its robot: its id, and its admin's id (part of some paths). */
export type RobotRef = Pick<Robot, 'processId' | 'adminId'>;
