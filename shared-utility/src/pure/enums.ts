/** Spec §3/§4 enumerations with their Chinese labels. Values are the wire values. */
export type EnumOptions = ReadonlyArray<{ value: number | string; label: string; tone?: Tone }>;

/**
 * The colour a value with a business meaning is shown in (issue 22): tables, details and tabs draw it as
 * a tag in the theme's colours (success #67c23a, warning #e6a23c, danger #f56c6c, primary #26499d, none
 * #909399). Declared once, next to the label; values without one are plain text.
 */
export type Tone = 'success' | 'warning' | 'danger' | 'primary' | 'none';

const e = <T extends number | string>(pairs: ReadonlyArray<readonly [T, string] | readonly [T, string, Tone]>) =>
  pairs.map(([value, label, tone]) => (tone ? { value, label, tone } : { value, label }));

/** The tone of an enum value; undefined when the value declares none (plain text). */
export function enumTone(options: EnumOptions, value: unknown): Tone | undefined {
  return options.find((o) => String(o.value) === String(value))?.tone;
}

export function enumLabel(options: EnumOptions, value: unknown, fallback = '-'): string {
  return options.find((o) => String(o.value) === String(value))?.label ?? fallback;
}

export const AdminType = { SYS: 1, SPR: 20, MER: 30, ENT: 40 } as const;
export type AccountType = keyof typeof AdminType;
export type AdminTypeValue = (typeof AdminType)[AccountType];
export const ACCOUNT_TYPES: AccountType[] = ['SYS', 'SPR', 'MER', 'ENT'];
export function accountTypeOf(adminType: number): AccountType | null {
  return ACCOUNT_TYPES.find((t) => AdminType[t] === adminType) ?? null;
}

export const ENUMS = {
  adminType: e([[1, '平台'], [20, '供应商'], [30, '商户'], [40, '企业']]),
  status: e([[0, '正常', 'success'], [1, '禁用', 'none']]),
  statusWithAlt: e([[0, '正常', 'success'], [1, '禁用', 'none'], [30, '停用', 'none']]),
  verified: e([[0, '未认证', 'warning'], [1, '已认证', 'success']]),
  visible: e([[0, '正常'], [1, '隐藏']]),
  sex: e([[0, '保密'], [1, '男'], [2, '女']]),
  idType: e([
    [111, '居民身份证'], [142, '外国护照'], [131, '港澳居民来往内地通行证'], [132, '台湾居民来往大陆通行证'],
    [141, '中国护照'], [161, '外国人永久居留身份证'], [154, '港澳居民居住证'], [155, '台湾居民居住证'],
    [171, '外国人工作许可证（A类）'], [172, '外国人工作许可证（B类）'], [173, '外国人工作许可证（C类）'], [255, '其他'],
  ]),
  smsPurpose: e([[1, '注册'], [2, '登录'], [3, '忘记密码'], [4, '重置'], [5, '重置新号码']]),
  smsType: e([[10, '登录验证码'], [20, '支付验证码'], [100, '充值通知'], [110, '退款通知']]),
  rounding: e([[0, '四舍五入'], [1, '向上取整'], [2, '向下取整']]),
  thresholdType: e([[-1, '不限'], [0, '全部限制'], [1, '自定义']]),
  payChannel: e([
    [0, '人工审核'], [1, '网银通道A'], [2, '合作方V1（停用）'], [3, 'SOHO支付'], [4, '通道4（停用）'],
    [5, '通道5（停用）'], [6, '合作银行通道'], [7, '通道7（停用）'], [99, '默认通道'],
  ]),
  feePattern: e([[0, '固定费率'], [1, '总额阶梯'], [2, '单人阶梯']]),
  feeCalcMode: e([[0, '外扣'], [1, '内扣']]),
  registrationStatus: e([[0, '未知', 'none'], [10, '成功', 'success'], [30, '失败', 'danger']]),
  signType: e([['RSA', 'RSA'], ['MD5', 'MD5']]),
  encryption: e([[1, 'MD5签名'], [2, 'RSA签名'], [3, 'MD5签名+AES加密'], [4, 'RSA签名+AES加密']]),
  contractCategory: e([[0, '原合同'], [10, '补充合同']]),
  entContractType: e([[10, '外扣合同'], [20, '内扣合同']]),
  merchtContractType: e([[50, '代理合作'], [90, '集团合作']]),
  invoiceKind: e([[1, '增值税专用发票'], [2, '增值税普通发票'], [4, '专票或普票']]),
  invoiceMedium: e([[0, '纸质'], [1, '电子']]),
  invoiceApplyType: e([[10, '企业向供应商申请'], [90, '其他']]),
  invoiceFileStatus: e([[0, '正常', 'success'], [10, '已作废', 'none']]),
  voucherType: e([[10, '付款凭证'], [20, '完工证明']]),
  bankCardType: e([['DC', '借记卡'], ['CC', '信用卡'], ['SCC', '准贷记卡']]),
  bankCardAttr: e([['C', '个人'], ['B', '对公']]),
  accountCategory: e([[0, '银行卡'], [10, '支付宝']]),
  bankAccountType: e([[0, '一般户'], [10, '基本户']]),
  validated: e([[0, '未校验', 'none'], [1, '正确', 'success'], [2, '错误', 'danger']]),
  balanceChange: e([[0, '增加'], [1, '锁定'], [2, '解锁'], [3, '扣减']]),
  realName: e([[0, '未实名', 'none'], [10, '实名成功', 'success'], [20, '实名失败', 'danger']]),
  custFileType: e([[0, '身份证正面'], [1, '身份证反面'], [2, '生物照'], [3, '签名'], [20, '税务实名']]),
  entFileType: e([[0, '企业标志'], [20, '法人身份证正面'], [21, '法人身份证反面'], [22, '开户许可证'], [23, '营业执照']]),
  vatFileType: e([[1, '图片'], [2, '链接'], [3, 'PDF']]),
  signChannel: e([[0, '无'], [1, '纸质'], [2, '电子签'], [6, '合作方V2']]),
  signStatus: e([[0, '未开始', 'none'], [10, '签约中', 'primary'], [20, '签约成功', 'success'], [30, '签约失败', 'danger'], [40, '已过期', 'warning']]),
  taxRegistration: e([[0, '未登记', 'none'], [10, '登记中', 'primary'], [20, '登记成功', 'success'], [30, '登记失败', 'danger'], [40, '已注销', 'none']]),
  noticeTarget: e([[0, '全部'], [10, '商户'], [20, '企业'], [30, '供应商']]),
  noticeStatus: e([[0, '已发布', 'success'], [1, '已下线', 'none']]),
  refundBalanceType: e([[0, '默认'], [10, '普通可用余额'], [20, '第三方充值余额']]),
  handleStatus: e([[0, '未处理', 'warning'], [10, '已通过', 'success'], [20, '已驳回', 'danger']]),
  processStatus: e([[0, '未处理', 'none'], [10, '处理中', 'primary'], [20, '处理成功', 'success'], [30, '处理失败', 'danger']]),
  merchantType: e([[0, '代理商']]),
  supplierType: e([[100, '分销商'], [200, '虚拟供应商'], [300, '供应商']]),
  virtualMerchantType: e([[0, '无'], [10, '平台一'], [20, '平台二'], [30, '平台三']]),
  channelConfigType: e([[100, '人工'], [101, '接口一'], [102, '接口二'], [210, '银企直连']]),
  packageType: e([[10, '公开'], [20, '私有']]),
  packagePriceType: e([[10, '面议'], [20, '固定价格'], [30, '价格区间']]),
  orderExportMode: e([[10, '普通导出'], [20, '完工证明'], [30, '税务申报'], [40, '人工']]),
  invoiceExportMode: e([[10, '普通导出'], [20, '申请信息']]),
  businessApi: e([
    [1002001, '企业账户查询'], [1003001, '余额查询'], [1004002, '批量代发权限'], [1004003, '单笔代发权限'], [1004050, '订单状态查询'],
  ]),
  clientAuthorization: e([[0, '未处理', 'warning'], [1, '已拒绝', 'danger'], [2, '部分授权', 'primary'], [3, '全部授权', 'success']]),
  orderDetailError: e([
    [0, '无'], [10, '格式错误', 'danger'], [50, '未实名', 'danger'], [60, '实名失败', 'danger'], [70, '无身份证照片', 'danger'], [80, '未关联企业', 'danger'],
    [90, '企业合作已暂停', 'danger'], [100, '未签约', 'danger'], [110, '签约失败', 'danger'], [120, '未临时登记', 'danger'], [130, '临时登记失败', 'danger'],
    [140, '未关联供应商', 'danger'], [150, '供应商合作已暂停', 'danger'], [200, '代发金额超限', 'danger'],
  ]),
  orderStatus: e([
    [0, '已提交', 'primary'], [10, '预处理中', 'primary'], [12, '预处理失败', 'danger'], [20, '待人工审核', 'warning'], [22, '审核中', 'primary'],
    [24, '审核失败', 'danger'], [50, '待提交支付', 'primary'], [52, '待通道处理', 'primary'], [54, '提交通道失败', 'danger'],
    [60, '待通道结果', 'primary'], [62, '代发完成', 'success'], [162, '部分失败', 'warning'], [64, '代发失败', 'danger'],
  ]),
  orderDetailStatus: e([[0, '未处理', 'none'], [10, '已提交', 'primary'], [20, '代发成功', 'success'], [30, '代发失败', 'danger'], [50, '处理失败', 'danger']]),
  tempOrderStatus: e([[0, '待提交', 'none'], [10, '已提交', 'primary'], [20, '待审核', 'warning'], [21, '审核失败', 'danger'], [30, '已处理', 'success'], [40, '已关闭', 'none']]),
  balanceApplyStatus: e([
    [0, '已提交待审核', 'warning'], [10, '已审核待处理', 'primary'], [11, '审核失败', 'danger'], [20, '处理中', 'primary'], [21, '处理失败', 'danger'],
    [50, '成功', 'success'], [51, '失败', 'danger'], [90, '已取消', 'none'],
  ]),
  reviewStatus: e([[0, '待审核', 'warning'], [10, '审核通过', 'success'], [11, '审核失败', 'danger'], [90, '已取消', 'none']]),
  invoiceStatus: e([
    [10, '待审核', 'warning'], [20, '审核通过', 'primary'], [22, '审核失败', 'danger'], [30, '已开票', 'success'], [32, '开票失败', 'danger'],
    [40, '已作废', 'none'], [50, '已取消', 'none'],
  ]),
  workPackageStatus: e([[0, '未开始', 'none'], [10, '已上架', 'primary'], [20, '已完成', 'success'], [30, '已下架', 'none'], [40, '已逾期', 'warning'], [50, '已关闭', 'none']]),
  packageReviewStatus: e([['INIT', '待审核', 'warning'], ['REVIEWED', '已审核', 'success']]),
  packageStatus: e([['HIDDEN', '未展示', 'none'], ['SHOWED', '已展示', 'primary'], ['FINISHED', '已完成', 'success']]),
  /** DOMAIN.md §7 package takers. */
  packageTakerStatus: e([[10, '已承接', 'primary'], [20, '已完成', 'success'], [90, '已取消', 'none']]),
  /** 从业者结算 lines (DOMAIN.md §7 settlement): an order's payout line, or a row of a temp order not yet an order. */
  packageLineKind: e([[10, '订单明细'], [20, '制单明细']]),
  /** DOMAIN.md §1 channel adapters (not in the spec's enumerations). */
  channelAdapter: e([['MANUAL', '人工处理'], ['SIMBANK', '银行接口']]),
  yesNo: e([[0, '否'], [1, '是']]),
  coopStatus: e([[0, '正常', 'success'], [1, '暂停', 'warning']]),
  contractStatus: e([[0, '正常', 'success'], [1, '已终止', 'none']]),
  /** DOMAIN.md §3 business of a balance log row. */
  balanceBizType: e([[10, '充值'], [20, '代发订单'], [30, '退款']]),
  /** A refund's handle/process pair as one machine status (DOMAIN.md §3): pending, refunding, rejected, done, failed. */
  refundStatus: e([[0, '待审核', 'warning'], [10, '退款中', 'primary'], [20, '已驳回', 'danger'], [30, '退款成功', 'success'], [40, '退款失败', 'danger']]),
  /** Spec §3 express companies: 16 common carriers (codes as the express-tracking services spell them) plus other (docs/decisions.md). */
  expressCompany: e([
    ['SF', '顺丰速运'], ['EMS', '中国邮政EMS'], ['YZPY', '邮政快递包裹'], ['JD', '京东物流'], ['ZTO', '中通快递'], ['YTO', '圆通速递'],
    ['STO', '申通快递'], ['YD', '韵达快递'], ['JTSD', '极兔速递'], ['DBL', '德邦快递'], ['HTKY', '百世快递'], ['ZJS', '宅急送'],
    ['UC', '优速快递'], ['ANE', '安能物流'], ['KYSY', '跨越速运'], ['SNWL', '苏宁物流'], ['OTHER', '其他'],
  ]),
  /** DOMAIN.md §2 calcFeeLog kind: a line's charge and, when it fails, its reversal. */
  feeLogKind: e([[10, '计费'], [20, '冲销', 'warning']]),
} as const;

export type EnumName = keyof typeof ENUMS;
