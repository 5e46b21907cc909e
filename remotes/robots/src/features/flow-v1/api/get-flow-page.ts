import { GetFlow, GetRobot, HttpError, request, type EndpointAnswer, type Robot } from '@flotilla/shared';

/** A flow as the server answers it (its nodes' data not yet checked against their types). */
export type FlowAnswer = EndpointAnswer<typeof GetFlow>;

/** What the v1 editor opens with: the robot, and its flow (`null` for a robot that has none yet). */
export type FlowPage = { robot: Robot; flow: FlowAnswer | null };

/** The robot and its flow; 404 when the robot does not exist (or is another tenant's). */
export async function getFlowPage(processId: string): Promise<FlowPage> {
  const robot = await request(GetRobot, { params: { processId } });
  try {
    return { robot, flow: await request(GetFlow, { params: { processId } }) };
  } catch (error) {
    // The robot is there: a 404 for its flow means a simple robot, which has none yet.
    if (error instanceof HttpError && error.status === 404) return { robot, flow: null };
    throw error;
  }
}
