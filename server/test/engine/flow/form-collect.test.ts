import { describe, expect, it } from 'vitest';
import type { FlowOutcome } from '../../../src/engine/flow/run-flow';
import { ask, edge, FALLBACK, graphOf, line, node, statuses, stepOf } from './flow-fixtures';

// A lead form behind a classify: the classify runs on the first question only, yet the nodes after the
// form still read its output when the form completes turns later.
const graph = graphOf(
  [
    node('intent', 'classify', { classes: [{ id: 'consult', name: '咨询', examples: ['了解'] }] }),
    node('form', 'formCollect', {
      fields: [
        { name: 'name', label: '姓名', type: 'text', required: true },
        { name: 'phone', label: '手机号', type: 'phone', required: true },
        { name: 'email', label: '邮箱', type: 'email', required: false },
      ],
      doneText: '谢谢{{form.name}}，我们会打{{form.phone}}联系您。',
    }),
    node('bye', 'reply', { text: '（{{intent.class}}已登记）' }),
  ],
  [
    edge('start', 'intent'),
    edge('intent', 'form', 'consult'),
    edge('intent', 'end', 'else'),
    ...line('form', 'bye', 'end'),
  ],
);

/** The next question of the same session. */
const next = (previous: FlowOutcome, question: string) => ask(graph, question, { state: previous.state });

describe('formCollect', () => {
  it('asks for each missing field over several turns, checks the typed ones, then goes on with the values', async () => {
    const first = await ask(graph, '我想咨询');
    expect(first.said).toEqual(['请提供您的姓名。']);
    expect(first.outcome.state.waiting).toMatchObject({ nodeId: 'form', field: 'name' });
    expect(stepOf(first.outcome, 'form')?.status).toBe('ok');
    expect(statuses(first.outcome)).toMatchObject({ intent: 'ok', bye: 'skipped', end: 'skipped' });
    expect(first.outcome.failure).toBeUndefined();

    // The second turn starts at the form: start and classify do not run again.
    const second = await next(first.outcome, '张三');
    expect(second.said).toEqual(['请提供您的手机号。']);
    expect(second.outcome.state.waiting).toMatchObject({ nodeId: 'form', field: 'phone' });
    expect(statuses(second.outcome)).toMatchObject({ start: 'skipped', intent: 'skipped', form: 'ok' });

    const third = await next(second.outcome, '不方便说');
    expect(third.said).toEqual(['这似乎不是有效的手机号，请再发一次。\n请提供您的手机号。']);
    expect(third.outcome.state.waiting).toMatchObject({ nodeId: 'form', field: 'phone' });

    const fourth = await next(third.outcome, '好的 13800138000');
    expect(fourth.said).toEqual(['谢谢张三，我们会打13800138000联系您。', '（咨询已登记）']);
    expect(fourth.outcome.state.waiting).toBeUndefined();
    expect(fourth.outcome.state.forms).toEqual({ form: { name: '张三', phone: '13800138000' } });
    expect(statuses(fourth.outcome)).toMatchObject({ form: 'ok', bye: 'ok', end: 'ok' });
    expect(stepOf(fourth.outcome, 'form')?.output).toEqual({ name: '张三', phone: '13800138000' });
  });

  it('thanks once: a later question of the session passes the complete form without its done text', async () => {
    const first = await ask(graph, '我想了解，我叫李四，电话 13900139000');
    const second = await next(first.outcome, '李四');
    expect(second.said).toEqual(['谢谢李四，我们会打13900139000联系您。', '（咨询已登记）']);
    const third = await next(second.outcome, '我还想了解别的');
    expect(third.said).toEqual(['（咨询已登记）']);
    expect(third.outcome.state.forms).toEqual({ form: { name: '李四', phone: '13900139000' } });
  });

  it('picks up a phone number given in the first message without asking for it', async () => {
    const first = await ask(graph, '我想咨询一下，电话 139-0013-9000');
    expect(first.said).toEqual(['请提供您的姓名。']);
    expect(first.outcome.state.forms.form).toEqual({ phone: '13900139000' });

    const second = await next(first.outcome, '李四');
    expect(second.said).toEqual(['谢谢李四，我们会打13900139000联系您。', '（咨询已登记）']);
  });

  it('asks in English for an English chatter', async () => {
    const { said } = await ask(graph, '我想咨询', { locale: 'en-US' });
    expect(said).toEqual(['Could you give me your 姓名?']);
  });

  it('does not say the fallback reply while it waits', async () => {
    const { outcome } = await ask(graph, '我想咨询');
    expect(outcome.answer).toBe('请提供您的姓名。');
  });
});

describe('a session waiting at a form the flow no longer has', () => {
  it('starts from the start, says the fallback when nothing else is said, and stops waiting', async () => {
    // The robot's flow was republished without its form while a chatter was in the middle of it.
    const first = await ask(graph, '我想咨询');
    expect(first.outcome.state.waiting?.nodeId).toBe('form');
    const without = graphOf([], line('start', 'end'));
    const { said, outcome } = await ask(without, '你好', { state: first.outcome.state });
    expect(said).toEqual([FALLBACK]);
    expect(outcome.state.waiting).toBeUndefined();
  });
});
