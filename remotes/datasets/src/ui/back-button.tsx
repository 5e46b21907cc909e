import { Button, IconArrowLeft } from '@flotilla/shared/ui/semi';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

export function BackButton({ to, children }: { to: string; children: ReactNode }) {
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
        {children}
      </Button>
    </div>
  );
}
