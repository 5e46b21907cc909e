import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShare } from '../../../test-utils/fake-share';
import { inlinedShareInfo } from '../lib/inlined-share-info';
import { $shares, chatOpened, loadShareInfoFx, shareInfoInlined } from '../share.model';

/** The page as the server serves it: with the share's info as a JSON data block, or without. */
function servePage(data?: string) {
  document.head.innerHTML =
    data === undefined ? '' : `<script type="application/json" id="share-info">${data}</script>`;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the share info inlined into the page', () => {
  it('is read from the data block, characters the server escaped included', () => {
    const share = makeShare({ name: '</script><b>客服</b>' });
    servePage(JSON.stringify(share).replace(/</g, '\\u003c'));
    expect(inlinedShareInfo()).toEqual(share);
  });

  it('is none when the page has no data block, or one that is not a share', () => {
    servePage();
    expect(inlinedShareInfo()).toBeNull();
    servePage('{ not json');
    expect(inlinedShareInfo()).toBeNull();
    servePage('null');
    expect(inlinedShareInfo()).toBeNull();
  });

  it('makes the share ready without asking the server', async () => {
    const share = makeShare();
    const load = vi.fn();
    const scope = fork({ handlers: [[loadShareInfoFx, load]] });
    await allSettled(shareInfoInlined, { scope, params: share });
    await allSettled(chatOpened, { scope, params: share.shareId });
    expect(scope.getState($shares)[share.shareId]).toMatchObject({ status: 'ready', info: share });
    expect(load).not.toHaveBeenCalled();
  });
});
