import { Typography } from '@flotilla/shared/ui/semi';
import type { ReactNode } from 'react';

/** One figure of a comparison's summary: a label over a large value. */
export function ComparisonFigure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flc-comparisons__figure">
      <Typography.Text type="tertiary" size="small">
        {label}
      </Typography.Text>
      <span className="flc-comparisons__figure-value">{children}</span>
    </div>
  );
}
