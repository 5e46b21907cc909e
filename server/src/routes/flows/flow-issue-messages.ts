import type { Locale } from '@flotilla/shared/contracts';
import type { FlowIssue, FlowIssueCode } from '@flotilla/shared/flows';

/** Why a flow cannot run, in the request's language (the field's own detail follows for `invalid`). */
const WORDS: Record<FlowIssueCode, Record<Locale, string>> = {
  invalid: { 'zh-CN': '此项无效', 'en-US': 'This field is not valid' },
  duplicateId: { 'zh-CN': '编号重复或为保留名称', 'en-US': 'This id is taken or reserved' },
  noStart: { 'zh-CN': '流程需要一个开始节点', 'en-US': 'A flow needs a start node' },
  manyStarts: { 'zh-CN': '流程只能有一个开始节点', 'en-US': 'A flow has one start node' },
  noSteps: { 'zh-CN': '流程至少需要一个步骤', 'en-US': 'A flow needs at least one step' },
  notAStep: { 'zh-CN': '简单流程不支持此类步骤', 'en-US': 'A v1 flow has no such step' },
  unreachable: { 'zh-CN': '从开始节点无法到达此节点', 'en-US': 'No path from the start reaches this node' },
  notConnected: { 'zh-CN': '此节点的输出没有连接', 'en-US': "This node's output leads nowhere" },
  manyTargets: { 'zh-CN': '一个输出只能连接一个节点', 'en-US': 'An output connects to one node only' },
  badHandle: { 'zh-CN': '此节点没有这个输出', 'en-US': 'This node has no such output' },
  intoStart: { 'zh-CN': '不能连接到开始节点', 'en-US': 'Nothing may lead into the start node' },
  danglingEdge: { 'zh-CN': '连线指向不存在的节点', 'en-US': 'This edge leads to no node' },
  cycle: { 'zh-CN': '流程不能形成循环', 'en-US': 'A flow may not loop back' },
  unknownVariable: { 'zh-CN': '引用了不存在的变量', 'en-US': 'This names a variable no node gives' },
};

export function flowIssueMessage(issue: FlowIssue, locale: Locale): string {
  const words = WORDS[issue.code][locale];
  return issue.code === 'invalid' || issue.code === 'unknownVariable' ? `${words}: ${issue.detail}` : words;
}
