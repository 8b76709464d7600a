import { useEffect, useMemo, useRef, useState } from 'react';
import { Classes, Dialog, Icon, InputGroup, Menu, MenuDivider, MenuItem, NonIdealState, Tag } from '@blueprintjs/core';
import { request } from '@flexpay/shared-utility';
import { goTo } from '../location/location';
import type { MenuEntry } from '../sidebar/menu-model';
import { isPaletteHotkey, matchEntries, paletteEntries, worthSearching, type InitialsOf } from './palette-model';
import { loadInitials } from './pinyin';

interface RecordHit {
  kind: string;
  title: string;
  subtitle: string;
  link: string;
}

type Item = { kind: 'screen'; title: string; label: string; link: string } | { kind: 'record'; title: string; label: string; link: string };

const SEARCH_DELAY_MS = 250;

/** Opens on Ctrl+K / ⌘K (or `open`); jumps to a screen by title or pinyin initials, or to a record by its number. */
export function CommandPalette({ menu, isOpen, onOpen, onClose }: { menu: MenuEntry[]; isOpen: boolean; onOpen: () => void; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [initialsOf, setInitialsOf] = useState<InitialsOf | null>(null);
  const [records, setRecords] = useState<RecordHit[]>([]);
  const [active, setActive] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteHotkey(e)) return;
      e.preventDefault();
      onOpen();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onOpen]);

  useEffect(() => {
    if (!isOpen || initialsOf) return;
    // Titles still match by their characters while pinyin loads or if it fails to load.
    loadInitials().then((fn) => setInitialsOf(() => fn), () => undefined);
  }, [isOpen, initialsOf]);

  useEffect(() => {
    const call = ++latest.current;
    if (!isOpen || !worthSearching(query)) {
      setRecords([]);
      return;
    }
    const timer = window.setTimeout(() => {
      request<RecordHit[]>('search/query', { q: query.trim() }, { silent: true }).then(
        (hits) => call === latest.current && setRecords(hits),
        () => call === latest.current && setRecords([]),
      );
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isOpen, query]);

  const screens = useMemo(() => matchEntries(paletteEntries(menu, initialsOf), query), [menu, initialsOf, query]);
  const items: Item[] = [
    ...screens.map((s) => ({ kind: 'screen' as const, title: s.title, label: s.group, link: s.link })),
    ...records.map((r) => ({ kind: 'record' as const, title: r.title, label: `${r.kind} · ${r.subtitle}`, link: r.link })),
  ];
  useEffect(() => setActive(0), [query, records]);

  const close = () => {
    setQuery('');
    onClose();
  };
  const choose = (item: Item | undefined) => {
    if (!item) return;
    close();
    goTo(item.link);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (items.length === 0 ? 0 : (i + step + items.length) % items.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(items[active]);
    }
  };

  const row = (item: Item, index: number) => (
    <MenuItem
      key={`${item.kind}:${item.link}`}
      icon={item.kind === 'screen' ? 'application' : 'document'}
      text={item.title}
      label={item.label}
      active={index === active}
      onClick={() => choose(item)}
      data-testid="palette-item"
    />
  );
  return (
    <Dialog isOpen={isOpen} onClose={close} className="fp-palette" aria-label="快速跳转">
      <div data-testid="command-palette">
        <InputGroup
          autoFocus
          size="large"
          leftIcon="search"
          placeholder="搜索菜单（支持拼音首字母）或输入订单号、企业编码、证件号码"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          rightElement={<Tag minimal>Esc</Tag>}
        />
        {items.length === 0 ? (
          <NonIdealState icon="search" description={worthSearching(query) ? '没有找到匹配的菜单或记录' : '没有匹配的菜单'} className="fp-palette-empty" />
        ) : (
          <Menu className="fp-palette-list">
            {screens.length > 0 && <MenuDivider title="菜单" />}
            {items.slice(0, screens.length).map(row)}
            {records.length > 0 && <MenuDivider title="记录" />}
            {items.slice(screens.length).map((item, i) => row(item, screens.length + i))}
          </Menu>
        )}
        <div className={`fp-palette-hint ${Classes.TEXT_MUTED}`}>
          <Icon icon="key-enter" size={12} /> 打开　<Icon icon="arrows-vertical" size={12} /> 选择　Ctrl K / ⌘K 随时唤起
        </div>
      </div>
    </Dialog>
  );
}
