/**
 * Issue 24: the login entry draws Blueprint's markup without Blueprint's script. These tests hold it to
 * the real components (same class names, so blueprint.css styles it the same), the icon paths to the
 * icons package, and the slider to the behaviour the slide captcha relies on.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Button as BpButton, FormGroup as BpFormGroup, InputGroup as BpInputGroup, Intent } from '@blueprintjs/core';
import { ICON_PATHS, type IconName } from '../src/login/icons';
import { Button, FormGroup, InputGroup, Slider } from '../src/login/ui';

let container: HTMLDivElement;
let root: Root;

function render(element: React.ReactElement): HTMLElement {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root.render(element));
  return container.firstElementChild as HTMLElement;
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

const classes = (element: Element | null) => new Set((element?.getAttribute('class') ?? '').split(/\s+/).filter(Boolean));

test('the inlined 16 px icon paths are those of @blueprintjs/icons', () => {
  for (const name of Object.keys(ICON_PATHS) as IconName[]) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const paths = require(`@blueprintjs/icons/lib/cjs/generated/16px/paths/${name}.js`).default as string[];
    expect([...ICON_PATHS[name]]).toEqual(paths);
  }
});

test('a button and a form field carry the class names of the Blueprint components', () => {
  const ours = render(<Button type="submit" intent="primary" size="large" fill text="登录" />);
  const oursClasses = classes(ours);
  act(() => root.unmount());
  const theirs = render(<BpButton type="submit" intent={Intent.PRIMARY} large fill text="登录" />);
  expect(oursClasses).toEqual(classes(theirs));

  act(() => root.unmount());
  const field = render(
    <FormGroup label="用户名" labelFor="u" error="请输入用户名">
      <InputGroup id="u" large leftIcon="user" value="" onChange={() => undefined} invalid />
    </FormGroup>,
  );
  const ourGroup = [classes(field), classes(field.querySelector('.bp6-input-group')), classes(field.querySelector('input')), field.querySelector('.bp6-form-helper-text')?.textContent];
  const ourIcon = field.querySelector('.bp6-icon svg')?.outerHTML;
  act(() => root.unmount());
  const bp = render(
    <BpFormGroup label="用户名" labelFor="u" intent={Intent.DANGER} helperText="请输入用户名">
      <BpInputGroup id="u" large value="" onChange={() => undefined} intent={Intent.DANGER} />
    </BpFormGroup>,
  );
  expect(ourGroup).toEqual([classes(bp), classes(bp.querySelector('.bp6-input-group')), classes(bp.querySelector('input')), bp.querySelector('.bp6-form-helper-text')?.textContent]);
  // Blueprint draws the icon from the same paths once they are loaded (left out above: it loads them later); ours are there at once.
  expect(ourIcon).toContain(ICON_PATHS.user[0]);
});

describe('the slider of the slide captcha', () => {
  function slider(max: number) {
    const changes: number[] = [];
    const releases: number[] = [];
    let value = 0;
    const draw = () =>
      root.render(
        <Slider
          max={max}
          value={value}
          handleLabel="拖动滑块完成拼图"
          onChange={(next) => {
            changes.push(next);
            value = next;
            draw();
          }}
          onRelease={(at) => releases.push(at)}
        />,
      );
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
    act(draw);
    const track = container.querySelector('.bp6-slider-track') as HTMLElement;
    // jsdom lays nothing out: a 252 px track starting at x = 100.
    track.getBoundingClientRect = () => ({ left: 100, width: max, top: 0, height: 6, right: 100 + max, bottom: 6, x: 100, y: 0, toJSON: () => ({}) });
    const handle = container.querySelector('[role="slider"]') as HTMLElement;
    return { changes, releases, handle, root: container.querySelector('.bp6-slider') as HTMLElement };
  }

  test('pressing the track jumps there, dragging follows the pointer, letting go releases at the last value', () => {
    const s = slider(252);
    expect(s.handle.getAttribute('aria-valuemax')).toBe('252');
    act(() => s.root.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, clientX: 140, button: 0 })));
    expect(s.changes).toEqual([40]);
    act(() => document.dispatchEvent(new MouseEvent('mousemove', { clientX: 160 })));
    act(() => document.dispatchEvent(new MouseEvent('mousemove', { clientX: 500 })));
    expect(s.changes).toEqual([40, 60, 252]);
    expect(s.handle.getAttribute('aria-valuenow')).toBe('252');
    act(() => document.dispatchEvent(new MouseEvent('mouseup', { clientX: 300 })));
    expect(s.changes).toEqual([40, 60, 252, 200]);
    expect(s.releases).toEqual([200]);
    // Moves after letting go change nothing.
    act(() => document.dispatchEvent(new MouseEvent('mousemove', { clientX: 120 })));
    expect(s.changes).toHaveLength(4);
    expect(s.handle.style.left).toBe('calc(79.37% - 8px)');
  });

  test('an arrow key moves one step; its key-up releases', () => {
    const s = slider(100);
    act(() => s.handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    act(() => s.handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    act(() => s.handle.dispatchEvent(new KeyboardEvent('keyup', { key: 'ArrowRight', bubbles: true })));
    expect(s.changes).toEqual([1, 2]);
    expect(s.releases).toEqual([2]);
    act(() => s.handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    expect(s.changes).toEqual([1, 2, 1]);
  });
});
