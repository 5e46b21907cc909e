import { describe, expect, it } from 'vitest';
import { BUILTIN_LIMITS, extractBuiltin, type ExtractedField } from '../../src/cases/open-case/extract-fields';
import { parseExtraction, transcriptOf, TRANSCRIPT_LIMITS } from '../../src/cases/open-case/model-extraction';

const field = (name: string, label: string, type: ExtractedField['type'], required = true): ExtractedField => ({
  name,
  label,
  type,
  required,
});

describe('the builtin extraction of case fields', () => {
  it('finds typed values anywhere and labelled values in either colon', () => {
    const fields = [
      field('phone', 'Phone', 'phone'),
      field('email', 'Email', 'email'),
      field('name', '姓名', 'text'),
      field('city', 'City', 'text'),
    ];
    expect(
      extractBuiltin(fields, ['我是来咨询的，姓名：韩梅梅，手机 13912345678', 'City: Suzhou; write to a@b.cn']),
    ).toEqual({
      phone: '13912345678',
      email: 'a@b.cn',
      name: '韩梅梅',
      city: 'Suzhou',
    });
  });

  it('takes the latest value a visitor gave, and a sure one over a likely one', () => {
    const phone = [field('phone', 'Phone', 'phone')];
    expect(extractBuiltin(phone, ['13800138000', 'sorry, it is 13900139000'])).toEqual({ phone: '13900139000' });
    expect(extractBuiltin(phone, ['call 13800138000', 'order A2024001122 is late'])).toEqual({ phone: '13800138000' });
    expect(extractBuiltin(phone, ['ring +44 20 7946 0958'])).toEqual({ phone: '+442079460958' });
  });

  it('finds order numbers after their keyword and names after "my name is"', () => {
    const fields = [field('orderNo', 'Order number', 'text'), field('customer', 'Customer', 'text')];
    expect(extractBuiltin(fields, ['my name is Li Lei', '订单号是 2024001122'])).toEqual({
      orderNo: '2024001122',
      customer: 'Li Lei',
    });
    expect(extractBuiltin(fields, ['order #AB-778899 never came', '我叫李雷'])).toEqual({
      orderNo: 'AB-778899',
      customer: '李雷',
    });
  });

  it('does not take phone numbers, codes or addresses for a quantity', () => {
    const quantity = [field('quantity', 'Quantity', 'number')];
    expect(extractBuiltin(quantity, ['call 138-0013-8000 or mail x1@y.com about A778899'])).toEqual({});
    expect(extractBuiltin(quantity, ['I want 12 boxes'])).toEqual({ quantity: '12' });
    expect(extractBuiltin(quantity, ['Quantity: 99999999999999999'])).toEqual({});
  });

  it('leaves out what no message gives', () => {
    expect(extractBuiltin([field('email', 'Email', 'email')], ['no address here'])).toEqual({});
  });

  it('reads only the latest questions, each up to its bound, however long the visitor writes', () => {
    const phone = [field('phone', 'Phone', 'phone')];
    const padding = 'a'.repeat(BUILTIN_LIMITS.questionChars);
    expect(extractBuiltin(phone, [`${padding} 13800138000`])).toEqual({});
    expect(extractBuiltin(phone, [`${padding.slice(12)} 13800138000`])).toEqual({ phone: '13800138000' });
    const later = Array.from({ length: BUILTIN_LIMITS.questions }, () => 'no number here');
    expect(extractBuiltin(phone, ['13800138000', ...later])).toEqual({});
    expect(extractBuiltin(phone, ['13800138000', ...later.slice(1)])).toEqual({ phone: '13800138000' });
  });

  it('finds an order number after spaces and codes among long runs of letters', () => {
    const fields = [field('orderNo', 'Order number', 'text'), field('quantity', 'Quantity', 'number')];
    expect(extractBuiltin(fields, [`order   :  A778899 ${'b'.repeat(400)}2 ${'c'.repeat(400)} 3 boxes`])).toEqual({
      orderNo: 'A778899',
      quantity: '3',
    });
  });
});

describe('reading a model’s extraction', () => {
  const fields = [field('name', 'Name', 'text'), field('phone', 'Phone', 'phone'), field('qty', 'Qty', 'number')];

  it('reads the JSON object of the reply, checking each value against its type', () => {
    expect(
      parseExtraction(fields, 'Sure:\n```json\n{"name":"Wang","phone":"not a phone","qty":4,"extra":"x"}\n```'),
    ).toEqual({ name: 'Wang', qty: '4' });
    expect(parseExtraction(fields, '{"name":null,"phone":"138 0013 8000","qty":"many"}')).toEqual({
      phone: '13800138000',
    });
  });

  it('gives up on replies holding no object', () => {
    for (const reply of ['', 'no idea', '[1,2]', '{"name": "unclosed"', '{ not json }']) {
      expect(parseExtraction(fields, reply)).toBeUndefined();
    }
  });

  it('keeps the model’s reading of an inherited key out', () => {
    expect(parseExtraction([field('constructor', 'C', 'text')], '{}')).toEqual({});
  });

  it('bounds the transcript, keeping the latest messages', () => {
    const questions = Array.from({ length: 40 }, (_, i) => `question ${i} ${'x'.repeat(2000)}`);
    const transcript = transcriptOf(questions);
    expect(transcript.length).toBeLessThanOrEqual(TRANSCRIPT_LIMITS.totalChars);
    expect(transcript).toContain('question 39');
    expect(transcript).not.toContain('question 19 ');
  });
});
