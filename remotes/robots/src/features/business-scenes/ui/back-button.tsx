import { Button, IconArrowLeft } from '@flotilla/shared/ui/semi';
import { useNavigate } from 'react-router-dom';

/** The back action above a scene page's title. */
export function BackButton({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <Button
        theme="borderless"
        type="tertiary"
        icon={<IconArrowLeft />}
        onClick={() => navigate(to)}
        style={{ paddingLeft: 0 }}
      >
        {label}
      </Button>
    </div>
  );
}
