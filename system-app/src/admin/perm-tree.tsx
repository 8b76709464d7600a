import { useState } from 'react';
import { Checkbox, NonIdealState, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import type { PermTreeNode, Row } from '@flexpay/shared-utility';

export const PERM_MESSAGES = {
  empty: '该账号没有被授予任何权限',
  emptyHint: '点击“编辑”为该账号授予权限',
  noData: '无权查看相关数据',
} as const;

/** What user/subuser/perm/get answers, loaded into the permission dialog's values. */
interface PermAnswer {
  permTree?: PermTreeNode[];
  grantedTree?: PermTreeNode[];
  editable?: boolean;
}

const leaves = (node: PermTreeNode): number[] => (node.leaf ? [Number(node.code)] : (node.children ?? []).flatMap(leaves));

/**
 * The permission dialog's input (spec §2): read-only it shows the granted tree; editing, a checkbox
 * tree of the codes the caller may grant. Its value is the granted leaf codes, sorted.
 */
export function PermTree({ value, onChange, readOnly, values }: { value: unknown; onChange: (v: unknown) => void; readOnly?: boolean; values?: Row }) {
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const data = (values ?? {}) as PermAnswer;
  if (!data.permTree) return <NonIdealState icon="lock" title={PERM_MESSAGES.noData} />;
  const checked = new Set(Array.isArray(value) ? (value as number[]) : []);
  const grantable = new Set(data.permTree.flatMap(leaves));
  // Only grantable codes are sent: the server refuses any other.
  const toggle = (codes: number[], on: boolean) => {
    const next = new Set([...checked].filter((c) => grantable.has(c)));
    for (const c of codes) (on ? next.add(c) : next.delete(c));
    onChange([...next].sort((a, b) => a - b));
  };
  const toNodes = (nodes: PermTreeNode[]): TreeNodeInfo[] =>
    nodes.map((node) => {
      const codes = leaves(node);
      const on = codes.filter((c) => checked.has(c)).length;
      return {
        id: node.code,
        icon: node.leaf ? 'key' : 'folder-close',
        isExpanded: !collapsed.has(node.code),
        childNodes: node.children ? toNodes(node.children) : undefined,
        label: readOnly ? (
          node.label
        ) : (
          <Checkbox style={{ margin: 0 }} label={node.label} checked={on === codes.length && on > 0} indeterminate={on > 0 && on < codes.length} onChange={(e) => toggle(codes, e.currentTarget.checked)} />
        ),
      };
    });
  const contents = toNodes((readOnly ? data.grantedTree : data.permTree) ?? []);
  if (contents.length === 0)
    return <NonIdealState icon="key" title={PERM_MESSAGES.empty} description={readOnly && data.editable ? PERM_MESSAGES.emptyHint : undefined} />;
  return (
    <div data-testid="perm-tree" style={{ maxHeight: 480, overflow: 'auto' }}>
      <Tree
        contents={contents}
        onNodeExpand={(n) => setCollapsed((s) => new Set([...s].filter((c) => c !== n.id)))}
        onNodeCollapse={(n) => setCollapsed((s) => new Set([...s, String(n.id)]))}
      />
    </div>
  );
}
