import { beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseOrderListResponse, Robot, ShareSettings } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { VISITOR } from './chat-fixtures';

const t = useTestApp();

let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

/** A product-order scene robot for `values`, its share enabled. */
async function productOrderRobot(values: Record<string, string>) {
  const res = await t.post('/v1/business-scenes', {
    token: admin,
    body: { templateId: 'product-order', name: 'Kettle shop', values },
  });
  expect(res.statusCode, res.body).toBe(200);
  const robot = res.json<Robot>();
  const share = (
    await t.put(`/v1/users/${robot.adminId}/processes/${robot.processId}/share/enable`, { token: admin })
  ).json<ShareSettings>();
  return { robot, share };
}

/** A visitor's question through the share; answers the session id and the reply. */
async function say(shareId: string, question: string, sessionId?: string) {
  const res = await t.post('/v2/qa', {
    body: { shareId, visitorId: VISITOR, question, stream: false, ...(sessionId ? { sessionId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sessionId: string; answer: string }>();
}

/** The robot's orders once every case opening under way is done. */
async function ordersOf(processId: string) {
  await t.app.answers.casesSettled();
  const res = await t.get(`/v1/case/orders?processId=${processId}`, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CaseOrderListResponse>().list;
}

/** Orders a quantity through the share, answering the robot's three questions. */
async function order(shareId: string, quantity: string) {
  const first = await say(shareId, '我要下单');
  await say(shareId, quantity, first.sessionId);
  await say(shareId, '李雷', first.sessionId);
  const done = await say(shareId, '13800138000', first.sessionId);
  return { sessionId: first.sessionId, reply: done.answer };
}

describe('the product-order scene', () => {
  it("records the visitor's order at the scene's unit price: quantity × price, product, customer and phone", async () => {
    const { robot, share } = await productOrderRobot({ product: 'Blue kettle', unitPrice: '19.90' });
    const { reply } = await order(share.shareId, '3');
    expect(reply).toContain('李雷');

    const [placed, ...more] = await ordersOf(robot.processId);
    expect(more).toEqual([]);
    expect(placed).toMatchObject({
      product: 'Blue kettle',
      quantity: 3,
      amountCents: 5970,
      status: 'pending',
      phone: '13800138000',
    });
    const cases = (await t.get(`/v1/case?processId=${robot.processId}`, { token: admin })).json<{ list: Case[] }>();
    expect(cases.list).toHaveLength(1);
    expect(placed?.caseId).toBe(cases.list[0]?.id);
    expect(cases.list[0]?.form).toMatchObject({ quantity: 3, name: '李雷', phone: '13800138000' });
  });

  it('records no order when a stored unit price is not money, yet still opens the case', async () => {
    const { robot, share } = await productOrderRobot({ product: 'Blue kettle', unitPrice: '19.99' });
    // A scene saved before prices were checked on saving (saving such a price now answers 422).
    const me = (await t.get('/v1/users/me', { token: admin })).json<{ tenantId: string }>();
    const stored = await t.app.repos.scenes.get(me.tenantId, robot.processId);
    await t.app.repos.scenes.update(me.tenantId, robot.processId, { ...stored!.values, unitPrice: '19.999' });
    await order(share.shareId, '2');
    expect(await ordersOf(robot.processId)).toEqual([]);
    const cases = (await t.get(`/v1/case?processId=${robot.processId}`, { token: admin })).json<{ total: number }>();
    expect(cases.total).toBe(1);
  });
});
