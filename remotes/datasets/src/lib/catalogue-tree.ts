import type { Catalogue } from '@flotilla/shared';

/** A catalogue with its subfolders, for the tree. */
export type CatalogueNode = Catalogue & { children: CatalogueNode[] };

/**
 * The tree of a dataset's catalogues (the server answers them flat), each level by name. A catalogue
 * whose parent is missing is shown at the top rather than lost.
 */
export function buildCatalogueTree(catalogues: readonly Catalogue[]): CatalogueNode[] {
  const nodes = new Map(
    catalogues.map((catalogue) => [catalogue.id, { ...catalogue, children: [] as CatalogueNode[] }]),
  );
  const roots: CatalogueNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (level: CatalogueNode[]) => {
    level.sort((a, b) => a.name.localeCompare(b.name));
    level.forEach((node) => sort(node.children));
  };
  sort(roots);
  return roots;
}

/** The catalogues depth first with their depth, for a flat picker that still shows the nesting. */
export function flattenCatalogueTree(
  tree: readonly CatalogueNode[],
  depth = 0,
): Array<{ catalogue: Catalogue; depth: number }> {
  return tree.flatMap((node) => [{ catalogue: node, depth }, ...flattenCatalogueTree(node.children, depth + 1)]);
}

/** The ids of a catalogue and of everything under it (where it cannot be moved). */
export function subtreeIds(catalogues: readonly Catalogue[], id: string): Set<string> {
  const ids = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const catalogue of catalogues) {
      if (catalogue.parentId && ids.has(catalogue.parentId) && !ids.has(catalogue.id)) {
        ids.add(catalogue.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The path of a catalogue from the top (`Manuals / Returns`), or `null` when it is unknown. */
export function cataloguePath(catalogues: readonly Catalogue[], id: string | null): string | null {
  if (!id) return null;
  const byId = new Map(catalogues.map((catalogue) => [catalogue.id, catalogue]));
  const names: string[] = [];
  const seen = new Set<string>();
  let current = byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return names.length ? names.join(' / ') : null;
}
