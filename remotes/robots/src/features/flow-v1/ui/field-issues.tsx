import { Typography } from '@flotilla/shared/ui/semi';
import type { FlowIssue } from '@flotilla/shared/flows';
import { useIssueText } from './use-issue-text';

/** What is wrong with a field, under it, one line per issue (nothing when it is fine). */
export function FieldIssues({ issues }: { issues: readonly FlowIssue[] }) {
  const issueText = useIssueText();
  const texts = [...new Set(issues.map(issueText))];
  if (texts.length === 0) return null;
  return (
    <div role="alert" style={{ display: 'flex', flexDirection: 'column', marginTop: 4 }}>
      {texts.map((text) => (
        <Typography.Text key={text} type="danger" size="small">
          {text}
        </Typography.Text>
      ))}
    </div>
  );
}
