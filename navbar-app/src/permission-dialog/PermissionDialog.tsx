import { useEffect, useMemo, useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter, NonIdealState, Tree, type TreeNodeInfo } from '@blueprintjs/core';
import type { PermTreeNode } from '@flexpay/shared-utility';

export interface PermissionDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The tree to show; null or undefined means there is no data (无权查看相关数据). */
  permTree: PermTreeNode[] | null | undefined;
  /** Editing is not allowed for one's own permissions, so the header menu passes false and 编辑 is hidden. */
  editable?: boolean;
  onEdit?: () => void;
  title?: string;
}

export function toTreeNodes(nodes: PermTreeNode[], expanded: ReadonlySet<string>): TreeNodeInfo<PermTreeNode>[] {
  return nodes.map((node) => ({
    id: node.code,
    label: node.label,
    icon: node.leaf ? 'key' : expanded.has(node.code) ? 'folder-open' : 'folder-close',
    isExpanded: expanded.has(node.code),
    hasCaret: !node.leaf && !!node.children?.length,
    nodeData: node,
    childNodes: node.children?.length ? toTreeNodes(node.children, expanded) : undefined,
  }));
}

function allGroupCodes(nodes: PermTreeNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.children?.length) {
      out.add(n.code);
      allGroupCodes(n.children, out);
    }
  }
  return out;
}

export function PermissionDialog({ isOpen, onClose, permTree, editable = false, onEdit, title = '查看权限' }: PermissionDialogProps) {
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (isOpen && permTree) setExpanded(allGroupCodes(permTree));
  }, [isOpen, permTree]);

  const nodes = useMemo(() => (permTree ? toTreeNodes(permTree, expanded) : []), [permTree, expanded]);
  const toggle = (node: TreeNodeInfo<PermTreeNode>) =>
    setExpanded((cur) => {
      const next = new Set(cur);
      const id = String(node.id);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  let body;
  if (!permTree) body = <NonIdealState icon="lock" title="无权查看相关数据" />;
  else if (permTree.length === 0)
    body = (
      <NonIdealState
        icon="key"
        title="该账号没有被授予任何权限"
        description={editable ? '请点击「编辑」为该账号授予权限' : undefined}
      />
    );
  else
    body = (
      <Tree
        contents={nodes}
        onNodeExpand={toggle}
        onNodeCollapse={toggle}
        onNodeClick={(node) => !node.nodeData?.leaf && toggle(node)}
        className={Classes.ELEVATION_0}
      />
    );

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} icon="key" style={{ width: 500 }}>
      <DialogBody className="fp-perm-body">
        <div data-testid="permission-dialog">{body}</div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="关闭" onClick={onClose} />
            {editable && <Button intent="primary" text="编辑" onClick={onEdit} />}
          </>
        }
      />
    </Dialog>
  );
}
