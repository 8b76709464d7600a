import { AGREEMENT_SAMPLE, agreementTemplateError, renderAgreement, unknownPlaceholders } from '../../src/pure';

describe('signing agreement templates', () => {
  test('placeholders are filled, spaces inside the braces allowed; a missing value leaves a line to sign on', () => {
    expect(renderAgreement('乙方：{{ 姓名 }}，证件号码：{{证件号码}}，日期：{{签约日期}}', { 姓名: '李四', 证件号码: '110101199003071234' })).toBe(
      '乙方：李四，证件号码：110101199003071234，日期：________',
    );
    expect(renderAgreement('{{企业名称}}', AGREEMENT_SAMPLE)).toBe('北京星辰物流有限公司');
  });

  test('unknown placeholders are named once each; a template must name the signer', () => {
    expect(unknownPlaceholders('{{姓名}}{{银行卡号}}{{银行卡号}}{{ 地址 }}')).toEqual(['银行卡号', '地址']);
    expect(agreementTemplateError('{{姓名}}{{证件号码}}{{地址}}')).toMatch(/^协议中含有无法识别的占位符：\{\{地址\}\}/);
    expect(agreementTemplateError('只有{{姓名}}')).toBe('协议须包含签约人的{{姓名}}和{{证件号码}}');
    expect(agreementTemplateError('{{姓名}}（{{证件号码}}）')).toBeNull();
  });
});
