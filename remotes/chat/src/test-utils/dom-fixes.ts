// Test-only: two places where happy-dom departs from the DOM standard and DOMPurify depends on it.
// Without them DOMPurify in the tests would see no tag names and stop at the first node it removes,
// so the tests would not run the sanitiser the browser runs. Imported before the renderer is.

// 1. Browsers have one `nodeName` getter, on Node.prototype, and DOMPurify reads that one (page
//    content cannot clobber it). happy-dom answers from each subclass and leaves the base returning ''.
const base = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName');
if (base?.get && base.get.call(document.createElement('p')) === '') {
  const baseGet = base.get;
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (
        let proto = Object.getPrototypeOf(this);
        proto && proto !== Node.prototype;
        proto = Object.getPrototypeOf(proto)
      ) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName');
        if (own?.get) return own.get.call(this);
      }
      return baseGet.call(this);
    },
  });
}

// 2. A NodeIterator goes on after its current node is removed (DOM standard, "pre-removing steps":
//    from the node that preceded it). happy-dom's is a TreeWalker and stops there.
type Filter = NodeFilter | ((node: Node) => number) | null;

/** The node after `node` in document order inside `root` (its first child first). */
function following(node: Node, root: Node): Node | null {
  if (node.firstChild) return node.firstChild;
  for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
    if (current.nextSibling) return current.nextSibling;
  }
  return null;
}

/** The node before `node` in document order: the previous sibling's last descendant, else the parent. */
function preceding(node: Node): Node | null {
  let previous = node.previousSibling;
  if (!previous) return node.parentNode;
  while (previous.lastChild) previous = previous.lastChild;
  return previous;
}

class StandardNodeIterator {
  private reference: Node | null = null;
  private before: Node | null = null;

  constructor(
    readonly root: Node,
    readonly whatToShow = 0xffffffff,
    readonly filter: Filter = null,
  ) {}

  private accepts(node: Node): boolean {
    if (!(this.whatToShow & (1 << (node.nodeType - 1)))) return false;
    if (!this.filter) return true;
    const verdict = typeof this.filter === 'function' ? this.filter(node) : this.filter.acceptNode(node);
    return verdict === NodeFilter.FILTER_ACCEPT;
  }

  nextNode(): Node | null {
    let node: Node | null;
    if (!this.reference) node = this.root;
    else if (this.reference === this.root || this.root.contains(this.reference))
      node = following(this.reference, this.root);
    else node = this.before ? following(this.before, this.root) : null;
    while (node && !this.accepts(node)) node = following(node, this.root);
    if (node) {
      this.reference = node;
      this.before = node === this.root ? null : preceding(node);
    }
    return node;
  }

  previousNode(): Node | null {
    throw new Error('previousNode is not needed by the tests');
  }

  detach(): void {}
}

const probe = document.createElement('div');
probe.innerHTML = '<i></i><b></b>';
const iterator = document.createNodeIterator(probe, NodeFilter.SHOW_ELEMENT);
iterator.nextNode();
const first = iterator.nextNode();
first?.parentNode?.removeChild(first);
if (iterator.nextNode()?.nodeName !== 'B') {
  // On whichever prototype of the document holds it (happy-dom's documents have their own).
  let owner: object | null = document;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'createNodeIterator'))
    owner = Object.getPrototypeOf(owner);
  Object.defineProperty(owner ?? Document.prototype, 'createNodeIterator', {
    configurable: true,
    writable: true,
    value: function createNodeIterator(root: Node, whatToShow?: number, filter?: Filter) {
      return new StandardNodeIterator(root, whatToShow, filter ?? null);
    },
  });
}
