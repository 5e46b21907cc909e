import { describe, expect, it } from 'vitest';
import { makeCatalogue } from '../../test/fake-datasets-api';
import { buildCatalogueTree, cataloguePath, flattenCatalogueTree, subtreeIds } from '../catalogue-tree';

const catalogues = [
  makeCatalogue('d', 'Returns', 'products', 'returns'),
  makeCatalogue('d', 'Products', null, 'products'),
  makeCatalogue('d', 'Abroad', 'returns', 'abroad'),
  makeCatalogue('d', 'Archive', null, 'archive'),
  makeCatalogue('d', 'Orphan', 'gone', 'orphan'),
];

describe('catalogue tree', () => {
  it('nests the flat list by parent, each level by name, orphans at the top', () => {
    const flat = flattenCatalogueTree(buildCatalogueTree(catalogues)).map(
      ({ catalogue, depth }) => `${depth}:${catalogue.name}`,
    );
    expect(flat).toEqual(['0:Archive', '0:Orphan', '0:Products', '1:Returns', '2:Abroad']);
  });

  it('knows a folder’s subtree and its path', () => {
    expect([...subtreeIds(catalogues, 'products')].sort()).toEqual(['abroad', 'products', 'returns']);
    expect([...subtreeIds(catalogues, 'abroad')]).toEqual(['abroad']);
    expect(cataloguePath(catalogues, 'abroad')).toBe('Products / Returns / Abroad');
    expect(cataloguePath(catalogues, null)).toBeNull();
    expect(cataloguePath(catalogues, 'unknown')).toBeNull();
  });
});
