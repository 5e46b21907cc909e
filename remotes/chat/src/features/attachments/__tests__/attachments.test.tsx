import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LIMITS, UPLOAD_LIMITS } from '@flotilla/shared';
import { fakeChatServer } from '../../../test-utils/fake-chat-server';
import { renderStandalone, VISITOR } from '../../../test-utils/render-chat';
import { checkFiles, contentTypeOf } from '../lib/check-files';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const file = (name: string, type: string, size = 10) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('checking picked files', () => {
  it('takes images and documents within UPLOAD_LIMITS and CHAT_LIMITS, and says why it refuses the others', () => {
    const { accepted, rejected } = checkFiles(
      [
        file('photo.png', 'image/png'),
        file('notes.md', ''),
        file('manual.pdf', 'application/pdf'),
        file('huge.jpg', 'image/jpeg', UPLOAD_LIMITS.maxBytes + 1),
        file('setup.exe', 'application/x-msdownload'),
        file('page.html', 'text/html'),
      ],
      { image: 0, file: CHAT_LIMITS.attachments - 1 },
    );
    expect(accepted.map(({ file: f, kind }) => [f.name, kind])).toEqual([
      ['photo.png', 'image'],
      ['notes.md', 'file'],
    ]);
    expect(rejected).toEqual([
      { name: 'manual.pdf', reason: 'tooMany' },
      { name: 'huge.jpg', reason: 'tooLarge' },
      { name: 'setup.exe', reason: 'type' },
      { name: 'page.html', reason: 'type' },
    ]);
    expect(contentTypeOf({ name: 'notes.md', type: '' })).toBe('text/markdown');
  });
});

describe('attachments', () => {
  it('uploads picked files with the share and visitor, then sends them with the question as images and files', async () => {
    const server = fakeChatServer();
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    const input = (await screen.findByTestId('file-input')) as HTMLInputElement;

    await act(async () => {
      fireEvent.change(input, {
        target: {
          files: [
            file('photo.png', 'image/png'),
            file('manual.pdf', 'application/pdf'),
            file('virus.exe', 'application/x-msdownload'),
          ],
        },
      });
    });

    // The refused one is named with the reason; nothing is sent to the server for it.
    expect(screen.getByRole('alert').textContent).toContain('“virus.exe” cannot be attached');
    await waitFor(() => expect(server.calls('POST', /^\/v2\/upload\/file$/)).toHaveLength(2));
    expect(server.calls('POST', /^\/v2\/upload\/file$/).map((r) => r.body)).toEqual([
      { shareId: 'abc123', visitorId: VISITOR, file: 'photo.png' },
      { shareId: 'abc123', visitorId: VISITOR, file: 'manual.pdf' },
    ]);
    const tray = screen.getByRole('list', { name: 'Attachments' });
    await waitFor(() => expect(within(tray).queryByText('Uploading…')).toBeNull());

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Is this covered?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });

    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).toMatchObject({
      question: 'Is this covered?',
      images: [
        { id: 'up-photo.png', name: 'photo.png', url: '/v1/files/up-photo.png', size: 10, contentType: 'image/png' },
      ],
      files: [
        {
          id: 'up-manual.pdf',
          name: 'manual.pdf',
          url: '/v1/files/up-manual.pdf',
          size: 10,
          contentType: 'application/pdf',
        },
      ],
    });
    // The question shows what went with it; the composer starts empty.
    expect(screen.getByRole('img', { name: 'photo.png' }).getAttribute('src')).toBe('/v1/files/up-photo.png');
    expect(screen.getByRole('link', { name: 'manual.pdf' }).getAttribute('href')).toBe('/v1/files/up-manual.pdf');
    expect(screen.queryByRole('list', { name: 'Attachments' })).toBeNull();
  });

  it('shows the server’s refusal (422) on the attachment, and the question goes without it', async () => {
    const server = fakeChatServer();
    server.failNext('POST', /^\/v2\/upload\/file$/, {
      status: 422,
      body: { detail: [{ loc: ['body', 'file'], msg: 'The file is not a PNG image', type: 'value_error' }] },
    });
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    const input = (await screen.findByTestId('file-input')) as HTMLInputElement;

    await act(async () => {
      fireEvent.change(input, { target: { files: [file('fake.png', 'image/png')] } });
    });

    expect(await screen.findByText('The file is not a PNG image')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hi' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).not.toHaveProperty('images');
  });

  it('does not send an attachment removed before sending', async () => {
    const server = fakeChatServer();
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    const input = (await screen.findByTestId('file-input')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [file('photo.png', 'image/png')] } });
    });
    await waitFor(() => expect(screen.queryByText('Uploading…')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hi' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });

    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).not.toHaveProperty('images');
  });
});
