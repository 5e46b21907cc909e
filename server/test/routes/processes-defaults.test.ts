import { beforeAll, describe, expect, it } from 'vitest';
import type { BasicConfig, Robot } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

/** A robot created from a console in `language` (its Accept-Language); undefined: no header at all. */
async function createdIn(language: string | undefined): Promise<Robot> {
  const headers: Record<string, string> = language === undefined ? {} : { 'accept-language': language };
  const res = await t.post('/v1/processes', {
    token: admin,
    headers,
    body: { name: `Made in ${language ?? 'no language'}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Robot>();
}

/** What the robot answers, with no knowledge and no model, to a question it cannot answer (the debug chat's call). */
async function firstAnswer(robot: Robot, visitorLanguage: string): Promise<string> {
  const res = await t.post('/v2/qa', {
    token: admin,
    headers: { 'accept-language': visitorLanguage },
    body: { processId: robot.processId, question: 'What are your opening hours?', stream: false },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ answer: string }>().answer;
}

describe('a new robot speaks the language of the console that created it', () => {
  it('created in the English console: its fallback reply, and so its first answer, is English', async () => {
    const robot = await createdIn('en-US,en;q=0.9');
    const config = (await t.get(`/v1/processes/${robot.processId}/basic`, { token: admin })).json<BasicConfig>();
    expect(config.fallbackReply).toBe("Sorry, I can't answer that yet.");
    // Whoever asks: the robot's text does not follow the visitor's language, it is the robot's own.
    expect(await firstAnswer(robot, 'zh-CN')).toBe("Sorry, I can't answer that yet.");
  });

  it('created in the Chinese console (or with no language): Chinese', async () => {
    for (const language of ['zh-CN', undefined]) {
      const robot = await createdIn(language);
      expect(await firstAnswer(robot, 'en-US')).toBe('抱歉，我暂时无法回答这个问题。');
    }
  });

  it('keeps the default as any other text: the operator changes it, and a copy keeps it', async () => {
    const robot = await createdIn('en-US');
    const url = `/v1/processes/${robot.processId}/basic`;
    expect(
      (
        await t.put(url, { token: admin, headers: { 'accept-language': 'zh-CN' }, body: { temperature: 0.1 } })
      ).json<BasicConfig>().fallbackReply,
    ).toBe("Sorry, I can't answer that yet.");
    const copy = (
      await t.get(`/v1/processes/${robot.processId}/clone`, { token: admin, headers: { 'accept-language': 'zh-CN' } })
    ).json<Robot>();
    expect(await firstAnswer(copy, 'en-US')).toBe("Sorry, I can't answer that yet.");
    await t.put(url, { token: admin, body: { fallbackReply: 'Please call us.' } });
    expect(await firstAnswer(robot, 'en-US')).toBe('Please call us.');
  });
});
