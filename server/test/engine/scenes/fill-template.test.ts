import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, type FlowNode } from '@flotilla/shared/contracts';
import { validateFlow } from '@flotilla/shared/flows';
import { buildSceneFlow, fillTemplate, sceneValues } from '../../../src/engine/scenes/fill-template';
import {
  isOffered,
  localizedTemplate,
  readSceneTemplates,
  type SceneTemplateFile,
} from '../../../src/engine/scenes/scene-templates';

const templates = readSceneTemplates();
const byId = (id: string) => templates.find((template) => template.id === id) as SceneTemplateFile;
/** Sample values: two ids for a datasets or databases field, the defaults (absent) for the rest. */
const sample = (template: SceneTemplateFile) =>
  Object.fromEntries(
    template.fields
      .filter((field) => field.kind === 'datasets' || field.kind === 'databases')
      .map((field) => [field.name, field.kind === 'datasets' ? ['ds-1', 'ds-2'] : ['db-1']]),
  );
const nodeOf = (graph: { nodes: FlowNode[] }, id: string) => graph.nodes.find((node) => node.id === id) as FlowNode;

describe('scene templates', () => {
  it('offers after-sales FAQ, lead collection, store info, complaint routing, order lookup (now that dbQuery runs) and product order', () => {
    expect(templates.filter(isOffered).map((template) => template.id)).toEqual([
      'after-sales-faq',
      'lead-collection',
      'store-info',
      'complaint-routing',
      'order-lookup',
      'product-order',
    ]);
    expect(byId('order-lookup').requires).toBe('dbQuery');
    expect(isOffered(byId('order-lookup'))).toBe(true);
    expect(isOffered({ ...byId('order-lookup'), requires: 'noSuchNode' })).toBe(false);
  });

  it.each(templates.filter(isOffered).flatMap((template) => LOCALES.map((locale) => [template.id, locale] as const)))(
    '%s filled with sample values in %s is a flow that can run',
    (id, locale) => {
      const built = buildSceneFlow(byId(id), sample(byId(id)), locale);
      expect(built.ok).toBe(true);
      if (!built.ok) return;
      expect(validateFlow('v3', built.graph)).toMatchObject({ ok: true });
      // No placeholder and no two-language text is left in the graph.
      expect(JSON.stringify(built.graph)).not.toMatch(/\[\[|"zh-CN"|"en-US"/);
    },
  );

  it('has every text in both languages', () => {
    for (const template of templates) {
      for (const locale of LOCALES) {
        const shown = localizedTemplate(template, locale);
        expect(shown.name).not.toBe('');
        expect(shown.description).not.toBe('');
        for (const field of shown.fields) expect(field.label).not.toBe('');
      }
    }
  });
});

describe('fillTemplate', () => {
  it('expands a datasets placeholder standing alone in an array into the chosen ids', () => {
    const { graph } = fillTemplate(byId('after-sales-faq'), { datasets: ['a', 'b'], prompt: 'Be brief.' }, 'en-US');
    expect(nodeOf(graph, 'search').data).toMatchObject({ datasetIds: ['a', 'b'] });
    expect(nodeOf(graph, 'answer').data).toMatchObject({ prompt: 'Be brief.' });
  });

  it("expands the order lookup's databases into its dbQuery node; more than ten or none are refused", () => {
    const template = byId('order-lookup');
    const built = buildSceneFlow(template, { databases: ['db-1', 'db-2'] }, 'zh-CN');
    if (!built.ok) throw new Error('order lookup refused');
    expect(nodeOf(built.graph, 'lookup').data).toMatchObject({
      databaseIds: ['db-1', 'db-2'],
      query: '{{form.orderNo}}',
    });
    const many = Array.from({ length: 11 }, (_, i) => `db-${i}`);
    expect(sceneValues(template, { databases: many }, 'zh-CN')).toEqual({
      ok: false,
      issues: [{ field: 'databases', problem: 'tooLong' }],
    });
    expect(sceneValues(template, {}, 'en-US')).toEqual({
      ok: false,
      issues: [{ field: 'databases', problem: 'required' }],
    });
  });

  it("puts the creator's language in the two-language texts and the name, and replaces a value's own [[…]] never", () => {
    const values = sceneValues(byId('lead-collection'), { thanks: 'Merci [[phoneQuestion]]' }, 'zh-CN');
    if (!values.ok) throw new Error('values refused');
    const { name, graph } = fillTemplate(byId('lead-collection'), values.values, 'zh-CN');
    expect(name).toBe('留资收集');
    const form = nodeOf(graph, 'form');
    expect(form.type === 'formCollect' && form.data.fields.map((field) => field.label)).toEqual([
      '姓名',
      '电话',
      '需求',
    ]);
    expect(form.type === 'formCollect' && form.data.fields[0]?.question).toBe('您好！请问怎么称呼您？');
    expect(nodeOf(graph, 'thanks').data).toMatchObject({ text: 'Merci [[phoneQuestion]]' });
  });

  it('gives the thank-you reply the collected name', () => {
    const built = buildSceneFlow(byId('lead-collection'), {}, 'en-US');
    expect(built.ok && nodeOf(built.graph, 'thanks').data).toMatchObject({
      text: expect.stringContaining('{{form.name}}'),
    });
  });
});

describe('sceneValues and buildSceneFlow refuse by field', () => {
  it('a required datasets field left empty, text where ids go, an unknown field, a blank required text, a long text', () => {
    const faq = buildSceneFlow(byId('after-sales-faq'), { datasets: [], prompt: ['x', 'y'], color: 'red' }, 'en-US');
    expect(faq).toEqual({
      ok: false,
      issues: [
        { field: 'color', problem: 'unknown' },
        { field: 'datasets', problem: 'required' },
        { field: 'prompt', problem: 'wrongKind' },
      ],
    });
    expect(buildSceneFlow(byId('store-info'), { hours: '   ' }, 'en-US')).toEqual({
      ok: false,
      issues: [{ field: 'hours', problem: 'required' }],
    });
    expect(buildSceneFlow(byId('lead-collection'), { nameQuestion: 'x'.repeat(501) }, 'en-US')).toEqual({
      ok: false,
      issues: [{ field: 'nameQuestion', problem: 'tooLong' }],
    });
  });

  it('blames a text the flow cannot use (a variable of no node) on its field', () => {
    expect(buildSceneFlow(byId('complaint-routing'), { refund: 'See {{nowhere.text}}' }, 'en-US')).toEqual({
      ok: false,
      issues: [{ field: 'refund', problem: 'unusable' }],
    });
  });
});

describe('readSceneTemplates', () => {
  const write = async (files: Record<string, unknown>) => {
    const dir = await mkdtemp(join(tmpdir(), 'flotilla-scenes-'));
    for (const [name, content] of Object.entries(files)) await writeFile(join(dir, name), JSON.stringify(content));
    return { url: pathToFileURL(`${dir}/`), drop: () => rm(dir, { recursive: true, force: true }) };
  };
  const base = { ...byId('after-sales-faq') };

  it('refuses a placeholder of no field, and a datasets placeholder inside a text', async () => {
    const unknown = await write({
      'after-sales-faq.json': { ...base, graph: { ...base.graph, nodes: [{ data: { prompt: '[[tone]]' } }] } },
    });
    expect(() => readSceneTemplates(unknown.url)).toThrow(/\[\[tone\]\] names no field/);
    await unknown.drop();
    const inText = await write({
      'after-sales-faq.json': { ...base, graph: { ...base.graph, nodes: [{ data: { prompt: 'Use [[datasets]]' } }] } },
    });
    expect(() => readSceneTemplates(inText.url)).toThrow(/must stand alone in an array/);
    await inText.drop();
  });

  it('refuses a file that does not fit the schema or is not named by its id', async () => {
    const bad = await write({ 'after-sales-faq.json': { ...base, fields: [] } });
    expect(() => readSceneTemplates(bad.url)).toThrow(/Invalid scene template/);
    await bad.drop();
    const misnamed = await write({ 'faq.json': base });
    expect(() => readSceneTemplates(misnamed.url)).toThrow(/has the id after-sales-faq/);
    await misnamed.drop();
  });
});
