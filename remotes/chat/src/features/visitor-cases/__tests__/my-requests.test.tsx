import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CasePreviewUi, VisitorCase } from '@flotilla/shared';
import { fakeChatServer } from '../../../test-utils/fake-chat-server';
import { renderStandalone, VISITOR } from '../../../test-utils/render-chat';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PHONE_FORM: CasePreviewUi = {
  enabled: true,
  fields: [
    { name: 'phone', label: 'Phone', type: 'phone' },
    { name: 'city', label: 'City', type: 'text' },
  ],
};

const CASE: VisitorCase = {
  id: 'c1',
  title: 'Helper: 13800138000',
  status: 'in_progress',
  form: { phone: '13800138000', city: 'Suzhou' },
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
};

describe('My requests on the share page', () => {
  it('asks for the case form after the chat painted, and lists the visitor’s cases with the form’s labels', async () => {
    const server = fakeChatServer({ caseUi: PHONE_FORM, visitorCases: [CASE] });
    renderStandalone('/chat/abc123', { visitor: VISITOR });

    await screen.findByTestId('welcome');
    const entry = await screen.findByRole('button', { name: 'My requests' });
    expect(server.calls('GET', /\/v1\/case\/webPreviewUi$/)[0]?.query.get('shareId')).toBe('abc123');
    expect(server.calls('GET', /\/v1\/case\/share\/info$/)).toEqual([]);

    fireEvent.click(entry);
    const panel = await screen.findByRole('dialog', { name: 'My requests' });
    const item = await within(panel).findByRole('listitem');
    expect(within(item).getByText('In progress')).toBeTruthy();
    expect(within(item).getByText('Phone').nextSibling?.textContent).toBe('13800138000');
    expect(within(item).getByText('City').nextSibling?.textContent).toBe('Suzhou');
    const [call] = server.calls('GET', /\/v1\/case\/share\/info$/);
    expect(call?.query.get('visitorId')).toBe(VISITOR);
    expect(call?.query.get('shareId')).toBe('abc123');

    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no entry when the share’s robot has no case form', async () => {
    const server = fakeChatServer();
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    await screen.findByTestId('welcome');
    await vi.waitFor(() => expect(server.calls('GET', /\/v1\/case\/webPreviewUi$/)).toHaveLength(1));
    // The answer has arrived and been applied: still no entry.
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'My requests' })).toBeNull();
  });

  it('says when there are no requests yet, and offers Retry when the list fails (in Chinese too)', async () => {
    const server = fakeChatServer({ caseUi: PHONE_FORM });
    server.failNext('GET', /\/v1\/case\/share\/info$/, { status: 500 });
    renderStandalone('/chat/abc123', { visitor: VISITOR, locale: 'zh-CN' });

    fireEvent.click(await screen.findByRole('button', { name: '我的工单' }));
    const panel = await screen.findByRole('dialog', { name: '我的工单' });
    expect(await within(panel).findByText('无法加载您的工单。')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: '重试' }));
    expect(await within(panel).findByText(/暂无工单/)).toBeTruthy();
    expect(server.calls('GET', /\/v1\/case\/share\/info$/)).toHaveLength(2);
  });
});
