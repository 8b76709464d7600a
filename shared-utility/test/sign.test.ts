import { createHash } from 'node:crypto';
import { computeSign } from '../src/pure/sign';

/** The expected plaintexts below are written out by hand from CONTRACT.md, not produced by the code under test. */
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const TS = 1_760_000_000_123;
const SECRET = 'k3y-秘钥';

describe('request signature (CONTRACT.md "Request signing")', () => {
  it('joins sorted values, JSON for nested objects and arrays, String for numbers and booleans', () => {
    const body = { page: { pageNum: 1, limit: 10 }, cond: { ids: [3, 1], name: 'a' }, active: true, amount: 12.5, code: 'X1' };
    const expected = 'true' + '12.5' + 'X1' + '{"ids":[3,1],"name":"a"}' + '{"pageNum":1,"limit":10}' + SECRET + String(TS);
    expect(computeSign(body, SECRET, TS)).toBe(md5(expected));
  });

  it('hashes Chinese text as UTF-8', () => {
    const body = { remark: '备注：灵活用工', name: '张三' };
    expect(computeSign(body, SECRET, TS)).toBe(md5('张三' + '备注：灵活用工' + SECRET + TS));
    // A Latin-1 hash of the same text would differ, so the encoding really is checked.
    expect(computeSign(body, SECRET, TS)).not.toBe(createHash('md5').update('张三备注：灵活用工' + SECRET + TS, 'latin1').digest('hex'));
  });

  it('skips null and undefined but keeps empty strings, zero and false', () => {
    const body = { a: null, b: undefined, c: '', d: 0, e: false, f: 'x' };
    expect(computeSign(body, '', TS)).toBe(md5('' + '0' + 'false' + 'x' + '' + TS));
  });

  it('orders keys by UTF-16 code unit (upper case before underscore before lower case)', () => {
    const body = { b: '2', _u: '3', Z: '1', a: '4', é: '5' };
    expect(computeSign(body, 's', 7)).toBe(md5('1' + '3' + '4' + '2' + '5' + 's' + '7'));
  });

  it('signs a GET (no body) and an empty body as secret + timestamp only', () => {
    expect(computeSign(undefined, SECRET, TS)).toBe(md5(SECRET + TS));
    expect(computeSign({}, '', '42')).toBe(md5('42'));
  });
});
