import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, Intent, NonIdealState, Spinner, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import { request, showSuccess, type PermTreeNode } from '@flexpay/shared-utility';

export const PERM_MESSAGES = {
  success: '编辑管理员权限成功',
  empty: '该账号没有被授予任何权限',
  emptyHint: '点击“编辑”为该账号授予权限',
  noData: '无权查看相关数据',
} as const;

interface PermData {
  permTree: PermTreeNode[];
  grantedTree: PermTreeNode[];
  granted: number[];
  editable: boolean;
}

export interface PermDialogProps {
  userId: number;
  username: string;
  onClose: () => void;
}

const leaves = (node: PermTreeNode): string[] => (node.leaf ? [node.code] : (node.children ?? []).flatMap(leaves));

/**
 * 权限 of a sub-account: view mode first (the granted tree); 编辑 (only when editing is allowed)
 * switches to a checkbox tree of the codes the caller may grant; submit sends leaf codes only.
 */
export function PermDialog({ userId, username, onClose }: PermDialogProps) {
  const [data, setData] = useState<PermData | null | 'failed'>(null);
  const [editing, setEditing] = useState(false);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    request<PermData>('user/subuser/perm/get', { subUserId: userId }).then(
      (d) => {
        if (!alive) return;
        setData(d);
        setChecked(new Set(d.granted.map(String)));
      },
      () => alive && setData('failed'),
    );
    return () => {
      alive = false;
    };
  }, [userId]);

  const toggle = (codes: string[], on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      for (const c of codes) (on ? next.add(c) : next.delete(c));
      return next;
    });

  const toNodes = (nodes: PermTreeNode[], withBoxes: boolean): TreeNodeInfo[] =>
    nodes.map((node) => {
      const codes = leaves(node);
      const on = codes.filter((c) => checked.has(c)).length;
      const label = withBoxes ? (
        <Checkbox
          style={{ margin: 0 }}
          label={node.label}
          checked={on === codes.length && codes.length > 0}
          indeterminate={on > 0 && on < codes.length}
          onChange={(e) => toggle(codes, e.currentTarget.checked)}
        />
      ) : (
        node.label
      );
      return {
        id: node.code,
        label,
        icon: node.leaf ? 'key' : 'folder-close',
        isExpanded: !collapsed.has(node.code),
        childNodes: node.children ? toNodes(node.children, withBoxes) : undefined,
      };
    });

  const tree = data && data !== 'failed' ? (editing ? data.permTree : data.grantedTree) : [];
  const contents = useMemo(() => toNodes(tree, editing), [tree, editing, checked, collapsed]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async () => {
    if (!data || data === 'failed') return;
    const grantable = new Set(data.permTree.flatMap(leaves));
    const permCodes = [...checked].filter((c) => grantable.has(c)).map(Number);
    setBusy(true);
    try {
      await request('user/subuser/perm/update', { subUserId: userId, permCodes }, { showLoading: true });
      showSuccess(PERM_MESSAGES.success);
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (data === null) body = <Spinner />;
  else if (data === 'failed') body = <NonIdealState icon="lock" title={PERM_MESSAGES.noData} />;
  else if (contents.length === 0)
    body = <NonIdealState icon="key" title={PERM_MESSAGES.empty} description={data.editable && !editing ? PERM_MESSAGES.emptyHint : undefined} />;
  else
    body = (
      <Tree
        contents={contents}
        onNodeExpand={(n) => setCollapsed((s) => new Set([...s].filter((c) => c !== n.id)))}
        onNodeCollapse={(n) => setCollapsed((s) => new Set([...s, String(n.id)]))}
      />
    );

  const editable = data !== null && data !== 'failed' && data.editable;
  return (
    <Dialog isOpen title={`管理员权限（${username}）`} style={{ width: 560 }} onClose={onClose}>
      <DialogBody>
        <div data-testid="perm-dialog" style={{ maxHeight: 480, overflow: 'auto' }}>
          {body}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={editing ? '取消' : '关闭'} onClick={onClose} />
            {editable && !editing && <Button intent={Intent.PRIMARY} text="编辑" onClick={() => setEditing(true)} />}
            {editing && <Button intent={Intent.PRIMARY} text="提交" loading={busy} onClick={() => void submit()} />}
          </>
        }
      />
    </Dialog>
  );
}
