import { Callout, Card, H1, H4, HTMLTable, Intent } from '@blueprintjs/core';
import { navigate } from '@flexpay/shared-utility';
import type { MouseEvent, ReactNode } from 'react';
import './help-page.css';

function InternalLink({ to, children }: { to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="fp-help__section" id={id} aria-labelledby={`${id}-title`}>
      <H4 id={`${id}-title`}>{title}</H4>
      {children}
    </Card>
  );
}

const TOC = [
  ['help-start', '快速开始'],
  ['help-layout', '界面与导航'],
  ['help-accounts', '账号类型与权限'],
  ['help-flows', '常见业务流程'],
  ['help-faq', '常见问题'],
  ['help-contact', '联系我们'],
] as const;

/** /help 帮助中心: how to use the back-office. */
export function HelpPage() {
  return (
    <div className="fp-help" data-testid="help">
      <H1 className="fp-help__heading">帮助中心</H1>
      <p className="fp-help__intro">
        FlexPay 灵活用工管理后台帮助平台运营、供应商、商户与企业在线完成结算代发、开票、签约和任务包管理。本页介绍后台的基本用法。
      </p>

      <nav className="fp-help__toc" aria-label="帮助目录">
        {TOC.map(([id, title]) => (
          <a key={id} href={`#${id}`} onClick={(event) => { event.preventDefault(); document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' }); }}>
            {title}
          </a>
        ))}
      </nav>

      <Section id="help-start" title="快速开始">
        <ol>
          <li>使用管理员分配的用户名和密码登录，登录时需输入图形验证码；看不清可点击图片更换。</li>
          <li>首次登录后请在右上角用户菜单「个人设置」中完善姓名、手机号和邮箱，并通过「修改密码」设置只有您知道的新密码。</li>
          <li>顶级管理员可在「系统管理 › 管理员」中为同事创建子账号，并为其分配权限。</li>
          <li>
            登录后进入 <InternalLink to="/dashboard">首页</InternalLink>，可查看待办事项和业务概览，点击卡片直达对应页面。
          </li>
        </ol>
      </Section>

      <Section id="help-layout" title="界面与导航">
        <ul>
          <li><strong>左侧菜单</strong>：按业务分组列出您有权访问的功能；点击顶部栏左侧按钮可收起或展开，窄屏下会自动收起。</li>
          <li><strong>顶部栏</strong>：显示面包屑和返回按钮；右侧有模板下载菜单（代发订单、完工证明、人才导入模板）和用户菜单（帮助中心、个人设置、查看权限、修改密码、退出登录）。</li>
          <li><strong>标签页</strong>：打开过的页面以标签形式保留，右键标签可「刷新」「关闭」「关闭其他」「关闭全部」；首页标签不可关闭。</li>
          <li><strong>列表页</strong>：上方为查询条件，点击「查询」筛选、「重置」清空；部分列表支持导出 Excel。</li>
          <li><strong>水印</strong>：页面带有您的姓名和所属单位水印，截图外传时请注意信息安全。</li>
        </ul>
      </Section>

      <Section id="help-accounts" title="账号类型与权限">
        <HTMLTable compact striped className="fp-help__table">
          <thead>
            <tr>
              <th>账号类型</th>
              <th>主要职责</th>
            </tr>
          </thead>
          <tbody>
            <tr><td>平台运营</td><td>管理税源地、供应商、支付通道、商户与企业，审核代发、充值、开票与任务包。</td></tr>
            <tr><td>供应商</td><td>维护开票信息与开票项目，处理企业的开票申请，查看经由本供应商的订单与费用。</td></tr>
            <tr><td>商户</td><td>管理下级商户与所属企业，查看费率配置与费用统计。</td></tr>
            <tr><td>企业</td><td>导入人才、发起制单和代发、申请充值与开票、发布任务包，查看余额与收支记录。</td></tr>
          </tbody>
        </HTMLTable>
        <p>
          菜单和按钮按权限显示：看不到某项功能，通常是账号未被授予相应权限。可在用户菜单「查看权限」中查看本账号的权限，如需调整请联系上级管理员。
        </p>
      </Section>

      <Section id="help-flows" title="常见业务流程">
        <H4 className="fp-help__sub">结算代发</H4>
        <ol>
          <li>在「人才管理 › 人才导入」下载人才导入模板，填写后上传，确保人才已实名并完成签约。</li>
          <li>在「订单管理 › 制单管理」下载代发订单模板，上传后核对明细并提交审核。</li>
          <li>审核通过后订单进入代发，可在「代发订单」「订单明细」跟踪状态；失败明细会注明原因。</li>
        </ol>
        <H4 className="fp-help__sub">充值与开票</H4>
        <ul>
          <li>企业在「企业管理 › 充值申请」提交充值申请并上传付款凭证，审核通过后余额到账，可在「收支记录」核对。</li>
          <li>企业在「开票管理 › 申请记录」发起开票申请，供应商在「开出记录」中审核并开具发票。</li>
        </ul>
        <H4 className="fp-help__sub">任务包</H4>
        <ul>
          <li>在「任务管理 › 客户发包」发布任务包，经平台审核后展示给从业者，完成后进入结算。</li>
        </ul>
      </Section>

      <Section id="help-faq" title="常见问题">
        <dl className="fp-help__faq">
          <dt>忘记密码怎么办？</dt>
          <dd>密码不支持自助找回，请联系本单位的上级管理员重置；顶级管理员请联系平台运营。</dd>
          <dt>提示「你尚未登录或登录信息已失效」？</dt>
          <dd>登录已过期或账号在其他地方登录。点击「重新登录」即可；如需保留当前页面内容可先点「取消」。</dd>
          <dt>提示「无权查看相关数据」或页面显示 404？</dt>
          <dd>您访问的数据不属于本单位，或账号没有该功能的权限，请联系上级管理员。</dd>
          <dt>上传文件失败？</dt>
          <dd>图片和凭证支持 jpg、jpeg、png、pdf；Excel 导入仅支持 xls、xlsx 格式，单个文件不超过 2MB，建议使用下载的模板填写。</dd>
          <dt>金额如何填写？</dt>
          <dd>金额单位为元，最多保留两位小数。</dd>
        </dl>
      </Section>

      <Section id="help-contact" title="联系我们">
        <Callout intent={Intent.PRIMARY} icon="headset">
          平台运营服务时间为工作日 9:00–18:00。开通账号、重置密码或业务咨询，请联系您的客户经理，或发送邮件至
          support@flexpay.example.com。
        </Callout>
      </Section>
    </div>
  );
}
