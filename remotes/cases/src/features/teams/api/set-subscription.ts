import {
  DisableCaseTeamSubscription,
  EnableCaseTeamSubscription,
  request,
  type CaseTeamProcess,
} from '@flotilla/shared';

/** A team's subscription to a robot, turned on or off. */
export type SubscriptionChange = { teamId: string; processId: string; subscribed: boolean };

/** Turns whether the team receives the robot's cases on or off. */
export function setSubscription({ teamId, processId, subscribed }: SubscriptionChange): Promise<CaseTeamProcess> {
  const endpoint = subscribed ? EnableCaseTeamSubscription : DisableCaseTeamSubscription;
  return request(endpoint, { body: { teamId, processId } });
}
