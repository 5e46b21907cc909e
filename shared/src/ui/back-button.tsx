import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, IconArrowLeft } from './semi';

/** The back action above a page's title: a borderless button with an arrow, aligned with the title. */
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
