import { Banner } from './semi';
import { failureText, type Failure } from '../http/failure';
import { useT } from '../i18n';

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
