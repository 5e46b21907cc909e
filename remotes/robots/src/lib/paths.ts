/** Where the robot list lives. */
export const ROBOT_LIST_PATH = '/robot';
