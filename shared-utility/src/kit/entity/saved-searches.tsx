import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { request } from '../../api';
import { showSuccess } from '../../ui';
import type { Row } from '../screen';
import { FieldsDialog } from './action-dialogs';

interface SavedSearch {
  id: number;
  name: string;
  cond: Row;
}

export interface SavedSearchesProps {
  /** The screen's route: saved searches are kept per user and screen. */
  screenKey: string;
  current: Row;
  onApply: (filters: Row) => void;
}

/** 常用查询: the user's named searches of this screen (user/savedSearch/*), applied from a menu. */
export function SavedSearches({ screenKey, current, onApply }: SavedSearchesProps) {
  const [saved, setSaved] = useState<SavedSearch[]>([]);
  const [naming, setNaming] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let alive = true;
    request<SavedSearch[]>('user/savedSearch/list', { screen: screenKey }, { silent: true }).then(
      (list) => alive && setSaved(Array.isArray(list) ? list : []),
      () => alive && setSaved([]),
    );
    return () => {
      alive = false;
    };
  }, [screenKey, generation]);

  const remove = async (id: number) => {
    await request('user/savedSearch/delete', { id }, { showLoading: true });
    setGeneration((g) => g + 1);
  };
  const menu = (
    <Menu data-testid="saved-searches">
      {saved.map((s) => (
        <MenuItem
          key={s.id}
          icon="bookmark"
          text={s.name}
          onClick={() => onApply(s.cond)}
          labelElement={<Button size="small" variant="minimal" icon="cross" aria-label={`删除${s.name}`} onClick={(e) => (e.stopPropagation(), void remove(s.id).catch(() => undefined))} />}
        />
      ))}
      {saved.length > 0 && <MenuDivider />}
      <MenuItem icon="floppy-disk" text="保存当前查询…" onClick={() => setNaming(true)} />
    </Menu>
  );
  return (
    <>
      <Popover content={menu} placement="bottom-start">
        <Button icon="bookmark" text="常用查询" endIcon="caret-down" />
      </Popover>
      {naming && (
        <FieldsDialog
          title="保存当前查询"
          fields={[{ name: 'name', label: '名称', type: 'text', required: true, rule: { rules: [{ kind: 'length', max: 30, message: '名称不能超过30个字符' }] } }]}
          submit={async (values) => {
            await request('user/savedSearch/save', { screen: screenKey, name: values.name, cond: current }, { showLoading: true });
            showSuccess('保存成功');
            setGeneration((g) => g + 1);
          }}
          onClose={() => setNaming(false)}
        />
      )}
    </>
  );
}
