/** @jest-environment jsdom */
import { act } from 'react';
import { beginLoading, confirmDialog, endLoading, isLoading } from '../src/ui';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const button = (text: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === text) as HTMLButtonElement | undefined;
/** Lets Blueprint's closing transition finish, after which the dialog removes its own root. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 500)));

describe('loading mask', () => {
  it('is reference counted and shows 加载中...', async () => {
    await act(async () => {
      beginLoading();
      beginLoading();
    });
    expect(document.body.textContent).toContain('加载中...');
    await act(async () => endLoading());
    expect(isLoading()).toBe(true);
    expect(document.body.textContent).toContain('加载中...');
    await act(async () => endLoading());
    expect(isLoading()).toBe(false);
    expect(document.body.textContent).not.toContain('加载中...');
    await act(async () => endLoading()); // an extra end does not go negative
    await act(async () => beginLoading());
    expect(isLoading()).toBe(true);
    await act(async () => endLoading());
  });
});

describe('confirmDialog', () => {
  it('renders the exact texts and resolves with the button pressed', async () => {
    let answer!: Promise<boolean>;
    await act(async () => {
      answer = confirmDialog({ title: '确定重新登录', text: '说明文字', confirmText: '重新登录', cancelText: '取消' });
    });
    expect(document.body.textContent).toContain('确定重新登录');
    expect(document.body.textContent).toContain('说明文字');
    await act(async () => button('重新登录')!.click());
    await expect(answer).resolves.toBe(true);
    await settle();
    expect(button('重新登录')).toBeUndefined();

    await act(async () => {
      answer = confirmDialog({ text: '删除吗？' });
    });
    await act(async () => button('取消')!.click());
    await expect(answer).resolves.toBe(false);
    expect(button('确定')).toBeDefined();
    await settle();
    expect(document.body.textContent).not.toContain('删除吗？');
  });
});
