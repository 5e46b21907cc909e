import { useEffect, useMemo, useState } from 'react';

type Render = (markdown: string) => string;

let loaded: Render | null = null;
let loading: Promise<Render> | null = null;

/** Loads the Markdown renderer once (its own chunk: marked, DOMPurify, highlight.js core). */
export function loadMarkdownRenderer(): Promise<Render> {
  loading ??= import(/* webpackChunkName: "markdown" */ '../lib/render-markdown').then(
    (module) => (loaded = module.renderMarkdown),
    (error: unknown) => {
      // A chunk that failed to load (offline) is asked for again by the next answer.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * An answer's Markdown, sanitised. Until the renderer has loaded (or if it cannot load) the text
 * shows as it is, never as HTML.
 */
export function Markdown({ text }: { text: string }) {
  const [render, setRender] = useState<Render | null>(() => loaded);
  useEffect(() => {
    if (render) return;
    let live = true;
    loadMarkdownRenderer().then(
      (next) => live && setRender(() => next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [render]);
  const html = useMemo(() => (render ? render(text) : null), [render, text]);
  if (html === null) return <div className="flc-md flc-md--plain">{text}</div>;
  return <div className="flc-md" dangerouslySetInnerHTML={{ __html: html }} />;
}
