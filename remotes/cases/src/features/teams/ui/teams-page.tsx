/** /case/teams: teams of agents, the robots they receive, subscriptions, the phone whitelist. */
export function TeamsPage() {
  return null;
}
