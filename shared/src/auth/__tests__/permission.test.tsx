import { describe, expect, it } from 'vitest';
import { hasPermission, routeAllowed } from '../permission';

describe('permission rule: an array of roles, kept only for those roles', () => {
  it('throws when roles is not an array', () => {
    expect(() => hasPermission('admin', 'admin')).toThrow(/array of roles/);
  });
  it('keeps the element only for a listed role', () => {
    expect(hasPermission(['admin'], 'admin')).toBe(true);
    expect(hasPermission(['admin'], 'agent')).toBe(false);
    expect(hasPermission(['admin'], null)).toBe(false);
  });
  it('opens routes without requiresAuth and honours *', () => {
    expect(routeAllowed({ requiresAuth: false, roles: ['admin'] }, null)).toBe(true);
    expect(routeAllowed({ requiresAuth: true, roles: ['*'] }, 'agent')).toBe(true);
    expect(routeAllowed({ requiresAuth: true, roles: ['admin', 'operator'] }, 'agent')).toBe(false);
  });
});

describe('<Permission>', () => {
  it('renders its children only for the listed roles', async () => {
    const { render, screen, cleanup } = await import('@testing-library/react');
    const { loggedIn, loggedOut } = await import('../auth.model');
    const { Permission } = await import('../permission');
    loggedIn({ user: { id: 'u', role: 'agent' } as never, token: 't' });
    render(
      <>
        <Permission roles={['admin']}>admin button</Permission>
        <Permission roles={['admin', 'agent']}>agent button</Permission>
      </>,
    );
    expect(screen.queryByText('admin button')).toBeNull();
    expect(screen.getByText('agent button')).toBeTruthy();
    cleanup();
    loggedOut('user');
  });
});
