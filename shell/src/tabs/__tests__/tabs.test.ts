import { describe, expect, it } from 'vitest';
import { cacheListOf, closeOtherTabs, closeTab, HOME_TAB, openTab, tabAfterClose, type Tab } from '../tabs.model';

const dataset: Tab = { name: 'dataset', path: '/dataset', titleId: 'route.dataset' };
const detail1: Tab = { name: 'datasetDetail', path: '/dataset/1/detail', titleId: 'route.datasetDetail' };
const detail2: Tab = { name: 'datasetDetail', path: '/dataset/2/detail', titleId: 'route.datasetDetail' };

describe('tab bar (open tabs and a cache list)', () => {
  it('opens each page once', () => {
    const tabs = openTab(openTab(openTab([HOME_TAB], dataset), dataset), detail1);
    expect(tabs.map((tab) => tab.path)).toEqual(['/robot', '/dataset', '/dataset/1/detail']);
  });

  it('closes a tab but never the home tab', () => {
    const tabs = [HOME_TAB, dataset, detail1];
    expect(closeTab(tabs, '/dataset').map((tab) => tab.path)).toEqual(['/robot', '/dataset/1/detail']);
    expect(closeTab(tabs, '/robot')).toEqual(tabs);
  });

  it('closes the others, keeping home and the current tab', () => {
    expect(closeOtherTabs([HOME_TAB, dataset, detail1, detail2], '/dataset/1/detail').map((tab) => tab.path)).toEqual([
      '/robot',
      '/dataset/1/detail',
    ]);
  });

  it('goes to the left neighbour when the active tab closes', () => {
    expect(tabAfterClose([HOME_TAB, dataset, detail1], '/dataset/1/detail')).toEqual(dataset);
    expect(tabAfterClose([HOME_TAB], '/robot')).toEqual(HOME_TAB);
  });

  it('keeps a cache list of the open route names, each once', () => {
    expect(cacheListOf([HOME_TAB, dataset, detail1, detail2])).toEqual(['robot', 'dataset', 'datasetDetail']);
    expect(cacheListOf(closeTab([HOME_TAB, dataset], '/dataset'))).toEqual(['robot']);
  });
});
