import { Banner } from '@flotilla/shared/ui/semi';
import { failureText, useT, type Failure } from '@flotilla/shared';

/** Why the last change was refused, above what it belongs to. */
export function SaveFailedBanner({ failure, title }: { failure: Failure | null; title: string }) {
  const t = useT();
  if (!failure) return null;
  return (
    <Banner
      type="danger"
      fullMode={false}
      closeIcon={null}
      title={title}
      description={failureText(failure, t)}
      style={{ marginBottom: 12 }}
    />
  );
}
