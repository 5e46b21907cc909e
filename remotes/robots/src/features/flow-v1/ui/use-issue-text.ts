import { useT } from '@flotilla/shared';
import type { FlowIssue } from '@flotilla/shared/flows';
import { issueWords } from '../lib/issue-words';

/** Words an issue of the flow in the user's language. */
export function useIssueText(): (issue: FlowIssue) => string {
  const t = useT();
  return (issue) => {
    const { id, values } = issueWords(issue);
    return t(id, values);
  };
}
