import { Outlet } from 'react-router-dom';
import { CaseNav } from './case-nav';

/** Every page of the cases area under the area's navigation tabs. */
export function CaseAreaLayout() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, minWidth: 0 }}>
      <CaseNav />
      <Outlet />
    </div>
  );
}
